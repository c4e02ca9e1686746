/**
 * How far the server's clock is ahead of this phone's, in milliseconds: the
 * server's time against the middle of the call's round trip, when the server
 * most likely read it. A phone's clock may be minutes off; a countdown reads
 * the server's clock as `Date.now() + offset`.
 */
export function clockOffsetMs(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}
