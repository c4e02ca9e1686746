import { z } from 'zod';
import {
  accountLanguageSchema,
  captchaCodeSchema,
  captchaIdSchema,
  codeSchema,
  contactSchema,
  inviteCodeSchema,
  passwordSchema,
  payPasswordSchema,
  userProfileSchema,
  usernameSchema,
} from '../accounts.js';
import { uploadReferenceOf } from '../content-rules.js';
import { defineCall } from './define.js';

const noFields = z.strictObject({});
const empty = z.object({});
const session = z.object({ token: z.string(), user: userProfileSchema });

export const generateCaptcha = defineCall({
  path: '/api/images/generate',
  access: 'public',
  summary: 'A new captcha picture (SVG data URI); it lives 5 minutes and answers once.',
  body: noFields,
  result: z.object({ captchaId: z.string(), image: z.string() }),
});

export const checkCaptcha = defineCall({
  path: '/api/login/checkCode',
  access: 'public',
  summary: 'Says whether a captcha answer is right, without using the captcha up.',
  body: z.strictObject({ captchaId: captchaIdSchema, code: captchaCodeSchema }),
  result: z.object({ valid: z.boolean() }),
});

export const sendRegisterCode = defineCall({
  path: '/api/login/sendRegister',
  access: 'public',
  summary: 'Sends a 6-digit code to the e-mail or mobile a new user wants to bind. One per 60 s, ten a day per target.',
  success: 'CODE_SENT',
  body: z.strictObject({ target: contactSchema, captchaId: captchaIdSchema, captchaCode: captchaCodeSchema }),
  result: z.object({ retryAfterSeconds: z.number() }),
});

export const sendResetCode = defineCall({
  path: '/api/sms/sendVer',
  access: 'public',
  summary:
    "Sends a 6-digit reset code to the account's bound contact; the picture code is checked first, as for `login/sendRegister`. The answer is the same whether or not the account exists.",
  success: 'CODE_SENT',
  body: z.strictObject({ username: usernameSchema, purpose: z.literal('reset'), captchaId: captchaIdSchema, captchaCode: captchaCodeSchema }),
  result: z.object({ retryAfterSeconds: z.number() }),
});

export const register = defineCall({
  path: '/api/login/register',
  access: 'public',
  summary: 'Creates an account with an invitation code and signs it in.',
  success: 'REGISTER',
  body: z.strictObject({
    username: usernameSchema,
    password: passwordSchema,
    payPassword: payPasswordSchema,
    inviteCode: inviteCodeSchema,
    captchaId: captchaIdSchema,
    captchaCode: captchaCodeSchema,
    lang: accountLanguageSchema,
    contact: contactSchema.optional(),
    contactCode: codeSchema.optional(),
  }),
  result: session,
});

export const signIn = defineCall({
  path: '/api/login/sign_in',
  access: 'public',
  summary: 'Signs in. After 3 failures for a username a captcha is required; after 10 it is locked 15 minutes.',
  success: 'LOGIN',
  body: z.strictObject({
    username: z.string().trim().min(1).max(20),
    password: z.string().min(1).max(20),
    captchaId: captchaIdSchema.optional(),
    captchaCode: captchaCodeSchema.optional(),
  }),
  result: session,
});

export const forgetPassword = defineCall({
  path: '/api/login/forget_pass',
  access: 'public',
  summary: 'Sets a new login password with a code from `sms/sendVer`; every session of the account ends.',
  success: 'PASSWORD_RESET',
  body: z.strictObject({ username: usernameSchema, code: codeSchema, password: passwordSchema }),
  result: empty,
});

export const logOut = defineCall({
  path: '/api/login/login_out',
  access: 'user',
  summary: 'Ends this session.',
  success: 'LOGOUT',
  body: noFields,
  result: empty,
});

export const userInfo = defineCall({
  path: '/api/user/info',
  access: 'user',
  summary: 'The signed-in account.',
  body: noFields,
  result: userProfileSchema,
});

export const updateUser = defineCall({
  path: '/api/user/update',
  access: 'user',
  summary: 'Changes the avatar (a URL from `upload/image`) or the language.',
  success: 'SAVED',
  body: z.strictObject({ avatar: z.string().max(200).transform(uploadReferenceOf).optional(), lang: accountLanguageSchema.optional() }),
  result: userProfileSchema,
});

export const changePassword = defineCall({
  path: '/api/user/password',
  access: 'user',
  summary: "Changes the login password; the account's other sessions end.",
  success: 'PASSWORD_CHANGED',
  body: z.strictObject({ oldPassword: z.string().min(1).max(20), newPassword: passwordSchema }),
  result: empty,
});

export const changePayPassword = defineCall({
  path: '/api/user/payPassword',
  access: 'user',
  summary: 'Sets a new payment password, confirmed with the login password; clears the payment-password lock.',
  success: 'PAY_PASSWORD_CHANGED',
  body: z.strictObject({ password: z.string().min(1).max(20), newPayPassword: payPasswordSchema }),
  result: empty,
});

export const uploadImage = defineCall({
  path: '/api/upload/image',
  access: 'user',
  summary:
    'multipart/form-data: the signed fields as form fields and one image `file` (JPEG, PNG, GIF or WebP, at most 5 MB). Answers its URL, signed for 10 minutes: only its owner (and the operators who review it) can see it. Pass that URL as it is to recharge, recharge_voucher, feedback/submit or user/update.',
  success: 'UPLOADED',
  multipart: true,
  body: noFields,
  result: z.object({ url: z.string() }),
});
