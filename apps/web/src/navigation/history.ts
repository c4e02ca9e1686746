/** The router numbers its history entries; 0 is where this visit entered the app. */
export function historyIndex(): number {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

export function canGoBack(): boolean {
  return historyIndex() > 0;
}
