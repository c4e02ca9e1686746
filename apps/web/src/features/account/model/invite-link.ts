import { PATHS } from '../../../navigation/paths';

/** The registration page with the code filled in, at the address this app is served from. */
export function inviteLink(code: string, page: Pick<Location, 'origin' | 'pathname'>): string {
  return `${page.origin}${page.pathname}#${PATHS.register}?code=${encodeURIComponent(code)}`;
}
