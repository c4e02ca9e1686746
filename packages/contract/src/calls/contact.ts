import { z } from 'zod';
import { captchaCodeSchema, captchaIdSchema, codeSchema, contactSchema, userProfileSchema } from '../accounts.js';
import { defineCall } from './define.js';

export const sendContactCode = defineCall({
  path: '/api/user/contact/sendCode',
  access: 'user',
  summary:
    'Sends a 6-digit code to the e-mail or mobile this user wants to bind (picture code first); one per 60 s, ten a day per target, as `login/sendRegister`.',
  success: 'CODE_SENT',
  body: z.strictObject({ target: contactSchema, captchaId: captchaIdSchema, captchaCode: captchaCodeSchema }),
  result: z.object({ retryAfterSeconds: z.number() }),
});

export const bindContact = defineCall({
  path: '/api/user/contact/bind',
  access: 'user',
  summary:
    "Binds the e-mail or mobile the code of `user/contact/sendCode` went to, confirmed with the login password (PASSWORD_WRONG on `password`, CODE_WRONG on `code`); a contact another account holds is 409 CONTACT_TAKEN. The contact bound before is told. A forgotten password is then reset through it.",
  success: 'CONTACT_BOUND',
  body: z.strictObject({ target: contactSchema, code: codeSchema, password: z.string().min(1).max(20) }),
  result: userProfileSchema,
});
