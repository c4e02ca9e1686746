import { CONTENT_LINK_PATTERN, HTTPS_URL_PATTERN } from '@wallet/contract/core';
import { activityPath, noticePath } from './content-paths';

/** Where tapping a banner leads: a page of the app, or a page on the web (in a new tab). */
export type BannerTarget = { kind: 'page'; path: string } | { kind: 'web'; url: string };

/** The banner's `link` as the contract writes it (`notice:<id>`, `activity:<id>`, an https address); anything else leads nowhere. */
export function bannerTarget(link: string | null): BannerTarget | undefined {
  if (!link) return undefined;
  if (CONTENT_LINK_PATTERN.test(link)) {
    const separator = link.indexOf(':');
    const id = link.slice(separator + 1);
    return { kind: 'page', path: link.slice(0, separator) === 'notice' ? noticePath(id) : activityPath(id) };
  }
  if (HTTPS_URL_PATTERN.test(link)) return { kind: 'web', url: link };
  return undefined;
}

/** A web page opens beside the app, and cannot reach back into it. */
export function openOnTheWeb(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
