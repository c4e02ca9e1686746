import { z } from 'zod';
import { codeSchema, pageOf, pageQueryShape, usernameSchema } from '../accounts.js';
import { OPERATOR_ROLES } from '../operator-roles.js';
import { defineCall } from './define.js';

export const operatorView = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.number(),
});

export const operatorMe = defineCall({
  path: '/admin/api/me',
  access: 'operator',
  summary: "The signed-in operator: name, role, whether TOTP is on, whether every operator must use it, the server's time zone (the dashboard's days) and the currency amounts show (setting currency).",
  body: z.strictObject({}),
  result: operatorView.extend({ totpRequired: z.boolean(), timeZone: z.string(), currency: z.object({ code: z.string(), symbol: z.string() }) }),
});

export const listOperators = defineCall({
  path: '/admin/api/operators',
  access: 'operator',
  summary: 'Every operator account, oldest first (admin only).',
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(operatorView),
});

export const saveOperator = defineCall({
  path: '/admin/api/operators/save',
  access: 'operator',
  summary:
    'Creates an operator (password required, at least 12 characters) or changes one: role, disabled, a new password. A disabled operator or one with a new password or role is signed out everywhere. The last enabled admin cannot be disabled or lose the admin role (409 LAST_ADMIN). Audited, without the password.',
  success: 'SAVED',
  body: z.strictObject({
    id: z.string().min(1).max(64).optional(),
    username: usernameSchema,
    password: z.string().min(12).max(200).optional(),
    role: z.enum(OPERATOR_ROLES),
    disabled: z.boolean().optional(),
  }),
  result: operatorView,
});

export const totpSetup = defineCall({
  path: '/admin/api/operators/totp/setup',
  access: 'operator',
  summary:
    "Starts TOTP for the signed-in operator: a new secret and its otpauth:// URL (show it as a QR code). Nothing changes at sign-in until operators/totp/enable accepts a code of this secret. With TOTP already on it is 409 TOTP_ALREADY_ON: a session alone never replaces the authenticator (an admin resets it).",
  body: z.strictObject({}),
  result: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});

export const totpEnable = defineCall({
  path: '/admin/api/operators/totp/enable',
  access: 'operator',
  summary: "Turns TOTP on with a current 6-digit code of the secret from operators/totp/setup; from then on login needs a code, each accepted once. A wrong code is 401 TOTP_INVALID; the operator's other sessions end.",
  success: 'SAVED',
  body: z.strictObject({ code: codeSchema }),
  result: z.object({ totpEnabled: z.boolean() }),
});

export const totpReset = defineCall({
  path: '/admin/api/operators/totp/reset',
  access: 'operator',
  summary: "Turns an operator's TOTP off (a lost phone) and signs them out everywhere (admin only); audited.",
  success: 'SAVED',
  body: z.strictObject({ operatorId: z.string().min(1).max(64) }),
  result: operatorView,
});
