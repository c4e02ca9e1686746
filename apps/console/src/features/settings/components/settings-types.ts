import type { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf, ResultOf } from '../../../api/call-types';

export type Settings = ResultOf<typeof OPERATOR_CALLS.settings>;
export type SettingsBody = BodyOf<typeof OPERATOR_CALLS.saveSettings>;
