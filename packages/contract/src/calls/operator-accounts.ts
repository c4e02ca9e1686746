import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { statementEntry } from '../money-schemas.js';
import { userAssets } from './money.js';
import { OPERATOR_ROLES } from '../operator-roles.js';
import { defineCall } from './define.js';
import { dateSchema } from './operator-dashboard.js';
import { playerProtectionView, protectionChangeView } from './protection.js';

export const operatorLogin = defineCall({
  path: '/admin/api/login',
  access: 'operator',
  summary:
    'Operator sign-in (no bearer token needed). Locked 15 minutes after 5 failures; a disabled operator cannot sign in (401 CREDENTIALS_INVALID, as for a wrong password). With TOTP on, `totp` is the current 6-digit code: missing is 401 TOTP_REQUIRED, wrong or already used is 401 TOTP_INVALID (and counts as a failure).',
  success: 'LOGIN',
  body: z.strictObject({
    username: z.string().trim().min(1).max(20),
    password: z.string().min(1).max(200),
    totp: z.string().max(10).optional(),
  }),
  result: z.object({ token: z.string(), username: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

export const operatorLogout = defineCall({
  path: '/admin/api/logout',
  access: 'operator',
  summary: "Ends the operator's session.",
  success: 'LOGOUT',
  body: z.strictObject({}),
  result: z.object({}),
});

export const changeOperatorPassword = defineCall({
  path: '/admin/api/password',
  access: 'operator',
  summary:
    "Changes the signed-in operator's own password (at least 12 characters); every other session of that operator ends. A wrong old password is 422 CREDENTIALS_INVALID and counts toward the sign-in lock (15 minutes after 5 failures). Audited, without the password.",
  success: 'PASSWORD_CHANGED',
  body: z.strictObject({
    oldPassword: z.string().min(1).max(200),
    newPassword: z.string().min(12).max(200),
  }),
  result: z.object({}),
});

export const operatorUserView = z.object({
  id: z.string(),
  username: z.string(),
  inviteCode: z.string(),
  invitedBy: z.string().nullable(),
  contact: z.string().nullable(),
  lang: z.string(),
  frozen: z.boolean(),
  createdAt: z.number(),
});

export const listUsers = defineCall({
  path: '/admin/api/users',
  access: 'operator',
  summary: "Users, newest first; `q` matches the username or the invitation code; `invitedBy` (a user id) lists that user's invitees.",
  body: z.strictObject({ q: z.string().trim().max(40).optional(), invitedBy: z.string().min(1).max(64).optional(), ...pageQueryShape }),
  result: pageOf(operatorUserView),
});

export const userDetail = defineCall({
  path: '/admin/api/users/detail',
  access: 'operator',
  summary:
    "One user: the account, the assets as the app shows them, how many users they invited, and their player protection (limits, time-out, self-exclusion) with its latest changes. No operator call changes a user's protection.",
  body: z.strictObject({ userId: z.string().min(1).max(64) }),
  result: z.object({
    user: operatorUserView,
    assets: userAssets.result,
    invitees: z.number().int(),
    protection: playerProtectionView,
    protectionChanges: z.array(protectionChangeView),
  }),
});

export const userStatementOf = defineCall({
  path: '/admin/api/users/statement',
  access: 'operator',
  summary: "One user's statement, newest first, exactly as the user reads it in the app.",
  body: z.strictObject({ userId: z.string().min(1).max(64), ...pageQueryShape }),
  result: pageOf(statementEntry),
});

export const freezeUser = defineCall({
  path: '/admin/api/users/freeze',
  access: 'operator',
  summary:
    "Freezes an account (its every signed-in call and sign-in answer 403 ACCOUNT_FROZEN) or unfreezes it (the sessions open before end: the user signs in again).",
  success: 'SAVED',
  body: z.strictObject({ userId: z.string().min(1).max(64), frozen: z.boolean() }),
  result: z.object({ userId: z.string(), frozen: z.boolean() }),
});

export const createInvite = defineCall({
  path: '/admin/api/invites/create',
  access: 'operator',
  summary: 'A new operator invitation code.',
  success: 'SAVED',
  body: z.strictObject({}),
  result: z.object({ code: z.string() }),
});

export const listOutbox = defineCall({
  path: '/admin/api/outbox',
  access: 'operator',
  summary: 'Messages the Notifier kept because no SMTP server (or SMS provider) is set, newest first.',
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(
    z.object({
      id: z.string(),
      channel: z.enum(['email', 'sms']),
      target: z.string(),
      subject: z.string(),
      body: z.string(),
      createdAt: z.number(),
    }),
  ),
});

export const listAudit = defineCall({
  path: '/admin/api/audit',
  access: 'operator',
  summary: 'Every operator write, newest first: who, what, before, after, when; filtered by operator, action and days (YYYY-MM-DD in the configured time zone, both included).',
  body: z.strictObject({
    operatorId: z.string().min(1).max(64).optional(),
    action: z.string().trim().min(1).max(60).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    ...pageQueryShape,
  }),
  result: pageOf(
    z.object({
      id: z.string(),
      operator: z.string(),
      action: z.string(),
      target: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      createdAt: z.number(),
    }),
  ),
});
