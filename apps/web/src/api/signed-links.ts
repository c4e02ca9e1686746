/**
 * Links to private pictures (a voucher, feedback pictures, the avatar) open
 * for 10 minutes: a screen that shows one asks again well before, so a
 * picture opened later is never a dead link.
 */
export const SIGNED_LINKS_REFRESH = { refetchInterval: 5 * 60_000 } as const;
