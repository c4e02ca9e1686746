import type { UseQueryResult } from '@tanstack/react-query';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf, DefinitionOf, ItemOf, ResultOf } from '../../../api/call-types';
import { SIGNED_LINKS_REFRESH } from '../../../api/signed-links';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

/** The queues an operator reviews: recharges to credit, withdrawals to pay out. */
export const QUEUE_CALLS = {
  recharge: { list: OPERATOR_CALLS.recharges, review: OPERATOR_CALLS.reviewRecharge },
  withdrawal: { list: OPERATOR_CALLS.withdrawals, review: OPERATOR_CALLS.reviewWithdrawal },
};

export type ReviewKind = keyof typeof QUEUE_CALLS;

/** A record of each kind, as its queue lists it. */
export interface QueueRecords {
  recharge: ItemOf<typeof OPERATOR_CALLS.recharges>;
  withdrawal: ItemOf<typeof OPERATOR_CALLS.withdrawals>;
}

/** A review changes the queue, the dashboard's figures and the user's money. */
const AFTER_REVIEW = [OPERATOR_CALLS.dashboard, OPERATOR_CALLS.userDetail, OPERATOR_CALLS.userStatement];

/** One page of a queue; both queues take the same filters. */
export function useReviewQueue<K extends ReviewKind>(kind: K, filters: BodyOf<typeof OPERATOR_CALLS.recharges>) {
  const { list } = QUEUE_CALLS[kind];
  // The kind picks the call and so the records' type; TypeScript cannot follow that through `kind` alone.
  return useCallQuery<DefinitionOf<typeof list>>(list, filters, SIGNED_LINKS_REFRESH) as UseQueryResult<Omit<ResultOf<typeof list>, 'items'> & { items: QueueRecords[K][] }>;
}

/** Approves or refuses a record of the queue; both queues take the same decision. */
export function useReview(kind: ReviewKind) {
  const { list, review } = QUEUE_CALLS[kind];
  return useCallMutation<DefinitionOf<typeof review>>(review, { refreshes: [list, ...AFTER_REVIEW] });
}
