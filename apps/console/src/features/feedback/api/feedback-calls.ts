import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { SIGNED_LINKS_REFRESH } from '../../../api/signed-links';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function useFeedback(body: BodyOf<typeof OPERATOR_CALLS.feedback>) {
  return useCallQuery(OPERATOR_CALLS.feedback, body, SIGNED_LINKS_REFRESH);
}

export function useReplyFeedback() {
  return useCallMutation(OPERATOR_CALLS.replyFeedback, { refreshes: [OPERATOR_CALLS.feedback, OPERATOR_CALLS.dashboard] });
}
