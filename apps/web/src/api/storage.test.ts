import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realityCheckStore, rememberedUsernameStore, tokenStore } from './storage';

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

describe('the last reality check shown', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept for the tab only, beside nothing the app keeps for good', () => {
    realityCheckStore.set('1800000000000:1800000900000');
    expect(realityCheckStore.get()).toBe('1800000000000:1800000900000');
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
  });

  it('reads nothing when the tab has no storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(realityCheckStore.get()).toBeNull();
    expect(() => realityCheckStore.set('1:2')).not.toThrow();
  });
});
