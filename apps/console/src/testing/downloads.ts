import { vi } from 'vitest';

/**
 * jsdom makes no object URLs and follows no download links: these stand in,
 * and the names of the files the page saved are kept for the test to read.
 */
export function catchDownloads(): { saved: string[] } {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:download', configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true, writable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved };
}
