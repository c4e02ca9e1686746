/**
 * Remembers each `ranstr` for the replay window (PRODUCT §2): the first call
 * that brings one wins, every later one within the window is refused.
 */
export interface ReplayStore {
  /** True when this ranstr is new; false when it was already used within the window. */
  remember(ranstr: string, now: number): Promise<boolean>;
}
