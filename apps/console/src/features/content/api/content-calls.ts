import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { useCallMutation, useCallQuery } from '../../../api/use-call';

export function useContentList(body: BodyOf<typeof OPERATOR_CALLS.content>) {
  return useCallQuery(OPERATOR_CALLS.content, body);
}

export function useSaveContent() {
  return useCallMutation(OPERATOR_CALLS.saveContent, { refreshes: [OPERATOR_CALLS.content], quiet: true });
}

export function useDeleteContent() {
  return useCallMutation(OPERATOR_CALLS.deleteContent, { refreshes: [OPERATOR_CALLS.content] });
}
