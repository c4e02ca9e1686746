import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { MESSAGE_KINDS } from '../user-messages.js';
import { defineCall } from './define.js';

export const userMessageView = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  /** The record it is about: an order number (recharge, withdrawal, adjustment), a chase number, a feedback id, or `projectId/periodNo` for a period's result. */
  ref: z.string().nullable(),
  createdAt: z.number(),
  read: z.boolean(),
});

export const userMessages = defineCall({
  path: '/api/user/messages',
  access: 'user',
  summary:
    "This user's messages, newest first: each period's result of their orders, recharges and withdrawals decided, adjustments, chases ended, feedback replies; worded in the caller's language. `unread` counts all of them not yet read.",
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(userMessageView).extend({ unread: z.number() }),
});

export const readUserMessages = defineCall({
  path: '/api/user/messages/read',
  access: 'user',
  summary: "Marks one of this user's messages read (another user's id is 404 NOT_FOUND), or all of them when no id is given; answers what is still unread.",
  body: z.strictObject({ id: z.number().int().positive().optional() }),
  result: z.object({ unread: z.number() }),
});
