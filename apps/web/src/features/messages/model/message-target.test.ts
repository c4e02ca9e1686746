import { MESSAGE_KINDS } from '@wallet/contract/core';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../navigation/paths';
import { MESSAGE_TARGETS } from './message-target';

describe('where a message leads', () => {
  it('every kind opens a page of the app that holds its record', () => {
    const pages: string[] = Object.values(PATHS);
    for (const kind of MESSAGE_KINDS) expect(pages, kind).toContain(MESSAGE_TARGETS[kind]);
    expect(MESSAGE_TARGETS.recharge_approved).toBe(PATHS.rechargeRecords);
    expect(MESSAGE_TARGETS.feedback_reply).toBe(PATHS.feedback);
    expect(MESSAGE_TARGETS.chase_finished).toBe(PATHS.chases);
  });
});
