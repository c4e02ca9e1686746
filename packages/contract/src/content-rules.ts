/** Content and feedback rules of PRODUCT §7, without the schema library, so the app's forms use them too. */

export const CONTENT_KINDS = ['notice', 'activity', 'banner', 'about', 'agreement'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Kinds with one text only: saving one without an id changes the one there is. */
export const SINGLE_CONTENT_KINDS: readonly ContentKind[] = ['about', 'agreement'];

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_HTML_MAX = 100_000;

/** An image we keep (an upload) or one served over https. */
export const OWN_UPLOAD_URL_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{1,64}\.(png|jpe?g|gif|webp)$/;
export const HTTPS_URL_PATTERN = /^https:\/\/[^\s"'<>\\]{1,490}$/;
export const isImageUrl = (url: string) => OWN_UPLOAD_URL_PATTERN.test(url) || HTTPS_URL_PATTERN.test(url);

/**
 * A private upload as the server hands it out: its path signed for a while
 * (`?exp=<unix seconds>&sig=<HMAC>`). Sent back in a call it stands for the
 * upload itself, so the signature is dropped and the path kept.
 */
const SIGNED_UPLOAD_URL_PATTERN = /^(\/uploads\/[A-Za-z0-9_-]{1,64}\.(?:png|jpe?g|gif|webp))\?exp=\d{1,12}&sig=[A-Za-z0-9_-]{1,100}$/;
export const uploadReferenceOf = (url: string) => SIGNED_UPLOAD_URL_PATTERN.exec(url)?.[1] ?? url;

/**
 * An image the pages can show: one of our uploads, or an https image on one
 * of `hosts` (the server's CONTENT_IMAGE_HOSTS, which its Content-Security-Policy
 * allows as `https://<host>`, default port only). What the server keeps and
 * what the browser loads are the same set.
 */
export function isShownImageUrl(url: string, hosts: readonly string[]): boolean {
  if (OWN_UPLOAD_URL_PATTERN.test(url)) return true;
  if (!HTTPS_URL_PATTERN.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '' && parsed.port === '' && hosts.includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** Where a banner leads: a notice or an activity of the app, or a page on the web. */
export const CONTENT_LINK_PATTERN = /^(notice|activity):[A-Za-z0-9_-]{1,40}$/;
export const isContentLink = (link: string) => CONTENT_LINK_PATTERN.test(link) || HTTPS_URL_PATTERN.test(link);

export const FEEDBACK_MIN_CHARACTERS = 15;
export const FEEDBACK_MAX_CHARACTERS = 500;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_PER_DAY = 5;
export const FEEDBACK_REPLY_MAX = 2000;

/** Characters as people count them: an emoji is one, not two UTF-16 units. */
export const characterCount = (text: string) => [...text].length;
