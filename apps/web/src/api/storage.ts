/** The seed keeps the session token and the language code in local storage. */
const TOKEN_KEY = 'token';
const LANGUAGE_KEY = 'lang';
/** "Remember password" keeps only the username; the browser's password manager keeps the password. */
const REMEMBERED_USERNAME_KEY = 'remembered_username';
/** The release the app runs when newer than the build's own (api/public-info.ts). */
const RELEASE_KEY = 'release';
/** The last reality check shown, kept for the tab's life only: a reload must not show it again, a new tab may. */
const REALITY_CHECK_KEY = 'reality_check_shown';

type StorageName = 'localStorage' | 'sessionStorage';

function read(key: string, storage: StorageName = 'localStorage'): string | null {
  try {
    return globalThis[storage].getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, storage: StorageName = 'localStorage'): void {
  try {
    if (value === null) globalThis[storage].removeItem(key);
    else globalThis[storage].setItem(key, value);
  } catch {
    // storage may be unavailable (private mode); the app keeps working for this visit
  }
}

export const tokenStore = {
  get: () => read(TOKEN_KEY),
  set: (token: string) => write(TOKEN_KEY, token),
  clear: () => write(TOKEN_KEY, null),
};

export const languageStore = {
  get: () => read(LANGUAGE_KEY),
  set: (code: string) => write(LANGUAGE_KEY, code),
};

export const rememberedUsernameStore = {
  get: () => read(REMEMBERED_USERNAME_KEY),
  /** Remembers the username when asked to, and forgets it otherwise. */
  save: (username: string, remember: boolean) => write(REMEMBERED_USERNAME_KEY, remember && username ? username : null),
};

export const releaseStore = {
  get: () => read(RELEASE_KEY),
  set: (json: string) => write(RELEASE_KEY, json),
};

/** The last reality check shown in this tab, as `<signedInAt>:<when it fell due>`: a slot belongs to the sign-in it counts from. */
export const realityCheckStore = {
  get: () => read(REALITY_CHECK_KEY, 'sessionStorage'),
  set: (value: string) => write(REALITY_CHECK_KEY, value, 'sessionStorage'),
};
