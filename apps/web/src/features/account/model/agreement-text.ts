export interface LinkedText {
  before: string;
  link: string;
  after: string;
}

/**
 * Splits "I have read and agree to the <link>registration agreement</link>"
 * around its link, wherever each language puts it. Without the tags the
 * whole text becomes the link.
 */
export function splitLinkedText(text: string): LinkedText {
  const match = /^(.*?)<link>(.*?)<\/link>(.*)$/s.exec(text);
  if (!match) return { before: '', link: text, after: '' };
  return { before: match[1] ?? '', link: match[2] ?? '', after: match[3] ?? '' };
}
