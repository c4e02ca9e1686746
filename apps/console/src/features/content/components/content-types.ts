import type { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf, ItemOf } from '../../../api/call-types';

export type ContentItem = ItemOf<typeof OPERATOR_CALLS.content>;
export type ContentBody = BodyOf<typeof OPERATOR_CALLS.saveContent>;
