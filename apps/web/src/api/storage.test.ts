import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedUsernameStore, tokenStore } from './storage';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('remembered username', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the username when remembering, and nothing else', () => {
    rememberedUsernameStore.save('alice_1', true);
    expect(rememberedUsernameStore.get()).toBe('alice_1');
    expect(localStorage.length).toBe(1);
  });

  it('forgets the username when the box is unticked', () => {
    rememberedUsernameStore.save('alice_1', true);
    rememberedUsernameStore.save('alice_1', false);
    expect(rememberedUsernameStore.get()).toBeNull();
  });

  it('does not touch the session token', () => {
    tokenStore.set('t0k3n');
    rememberedUsernameStore.save('bob_2', false);
    expect(tokenStore.get()).toBe('t0k3n');
  });

  it('reads nothing when storage is unavailable', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(rememberedUsernameStore.get()).toBeNull();
    expect(() => rememberedUsernameStore.save('carol', true)).not.toThrow();
  });
});
