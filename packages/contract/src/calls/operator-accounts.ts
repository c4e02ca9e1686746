import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { defineCall } from './define.js';

export const operatorLogin = defineCall({
  path: '/admin/api/login',
  access: 'operator',
  summary: 'Operator sign-in (no bearer token needed). Locked 15 minutes after 5 failures.',
  success: 'LOGIN',
  body: z.strictObject({
    username: z.string().trim().min(1).max(20),
    password: z.string().min(1).max(200),
    totp: z.string().max(10).optional(),
  }),
  result: z.object({ token: z.string(), username: z.string() }),
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

export const listUsers = defineCall({
  path: '/admin/api/users',
  access: 'operator',
  summary: 'Users, newest first; `q` matches the username or the invitation code.',
  body: z.strictObject({ q: z.string().trim().max(40).optional(), ...pageQueryShape }),
  result: pageOf(
    z.object({
      id: z.string(),
      username: z.string(),
      inviteCode: z.string(),
      invitedBy: z.string().nullable(),
      contact: z.string().nullable(),
      lang: z.string(),
      frozen: z.boolean(),
      createdAt: z.number(),
    }),
  ),
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
  summary: 'Every operator write, newest first: who, what, before, after, when.',
  body: z.strictObject({ ...pageQueryShape }),
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
