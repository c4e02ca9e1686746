/** The seed's toast lasts 2 s. */
export const TOAST_DURATION_MS = 2000;

/** Loaded on first use: most visits never show a toast, so it stays out of the first download. */
export function showToast(content: string): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) =>
    Toast.show({ content, duration: TOAST_DURATION_MS }),
  );
}
