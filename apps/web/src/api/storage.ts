/** The seed keeps the session token and the language code in local storage. */
const TOKEN_KEY = 'token';
const LANGUAGE_KEY = 'lang';
/** "Remember password" keeps only the username; the browser's password manager keeps the password. */
const REMEMBERED_USERNAME_KEY = 'remembered_username';
/** The release the app runs when newer than the build's own (api/public-info.ts). */
const RELEASE_KEY = 'release';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
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
