export interface ImageType {
  extension: 'jpg' | 'png' | 'gif' | 'webp';
  contentType: string;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type a file's first bytes show, whatever its name or declared type says; null when it is not one we accept. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { extension: 'gif', contentType: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { extension: 'webp', contentType: 'image/webp' };
  return null;
}

export function contentTypeOfName(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }[extension] ?? 'application/octet-stream';
}
