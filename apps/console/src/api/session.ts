import { useSyncExternalStore } from 'react';
import type { OperatorRole } from '@wallet/contract/core';

export interface OperatorSession {
  token: string;
  username: string;
  role: OperatorRole;
}

const KEY = 'console-session';
const listeners = new Set<() => void>();
let current: OperatorSession | null = read();

function read(): OperatorSession | null {
  try {
    const stored = localStorage.getItem(KEY);
    return stored ? (JSON.parse(stored) as OperatorSession) : null;
  } catch {
    return null;
  }
}

function publish(next: OperatorSession | null): void {
  current = next;
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

/** The signed-in operator, kept across reloads and tabs of this browser. */
export const sessionStore = {
  get: () => current,
  start: (session: OperatorSession) => publish(session),
  /** The role may change on the server (an admin changed it): `me` tells. */
  update: (changes: Partial<Omit<OperatorSession, 'token'>>) => {
    if (current) publish({ ...current, ...changes });
  },
  end: () => publish(null),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signed in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    current = read();
    for (const listener of listeners) listener();
  });
}

export function useSession(): OperatorSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
