import { parseLastBet, type LastBet } from '../model/last-bet';

const keyOf = (projectId: string) => `last_bet:${projectId}`;

/** The last bet confirmed on each project, kept on this device (local storage) so "repeat" works after a reload too. */
export const lastBetStore = {
  get(projectId: string): LastBet | undefined {
    try {
      return parseLastBet(localStorage.getItem(keyOf(projectId)));
    } catch {
      return undefined;
    }
  },
  save(projectId: string, bet: LastBet): void {
    try {
      localStorage.setItem(keyOf(projectId), JSON.stringify(bet));
    } catch {
      // storage may be unavailable (private mode): repeat then has nothing to refill on the next visit
    }
  },
};
