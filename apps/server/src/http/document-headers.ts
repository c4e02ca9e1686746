/**
 * Headers only a document obeys (what it may load, whether it may be framed,
 * its window's isolation): on a script or a stylesheet they are half a
 * kilobyte of each file's transfer for nothing. `nosniff`, the resource
 * policy and HSTS stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
