import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * MD5 over the UTF-8 bytes of a string, as lowercase hex. The app signs every
 * call in the browser, where Web Crypto has no MD5. MD5 is used only because
 * the wire protocol requires it; it is never used to protect a secret.
 */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
