import { z } from 'zod';
import { EMAIL_PATTERN, pageOf, pageQueryShape } from '../accounts.js';
import {
  FEEDBACK_MAX_CHARACTERS,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MIN_CHARACTERS,
  OWN_UPLOAD_URL_PATTERN,
  characterCount,
  uploadReferenceOf,
} from '../content-rules.js';
import { requestIdSchema } from '../money-schemas.js';
import type { FieldMessageKey } from '../validation.js';
import { defineCall } from './define.js';

export const fieldRule = (messageKey: FieldMessageKey) => ({ message: messageKey, params: { messageKey } });

export const feedbackEmailSchema = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => EMAIL_PATTERN.test(value) && value.length <= 254, fieldRule('EMAIL_RULE'));

/** The seed's two messages: empty, then shorter than 15 characters. */
export const feedbackContentSchema = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const length = characterCount(value);
    if (length === 0) ctx.addIssue({ code: 'custom', ...fieldRule('FEEDBACK_EMPTY') });
    else if (length < FEEDBACK_MIN_CHARACTERS) ctx.addIssue({ code: 'custom', ...fieldRule('FEEDBACK_TOO_SHORT') });
    else if (length > FEEDBACK_MAX_CHARACTERS) ctx.addIssue({ code: 'custom', ...fieldRule('FEEDBACK_TOO_LONG') });
  });

export const feedbackView = z.object({
  id: z.string(),
  email: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  createdAt: z.number(),
  reply: z.string().nullable(),
  repliedAt: z.number().nullable(),
});

export const submitFeedback = defineCall({
  path: '/api/feedback/submit',
  access: 'user',
  summary:
    'Sends feedback: a valid e-mail address, 15–500 characters and up to 3 images this user uploaded (each URL as `upload/image` answered it, signed or not); 5 in any 24 hours (FEEDBACK_DAILY_LIMIT). A retried requestId gets the first answer; the same requestId with other fields is 409 REQUEST_CONFLICT.',
  success: 'FEEDBACK_SENT',
  body: z.strictObject({
    email: feedbackEmailSchema,
    content: feedbackContentSchema,
    images: z
      .array(
        z
          .string()
          .transform(uploadReferenceOf)
          .refine((url) => OWN_UPLOAD_URL_PATTERN.test(url), fieldRule('IMAGE_UNKNOWN')),
      )
      .max(FEEDBACK_MAX_IMAGES)
      .default([]),
    requestId: requestIdSchema.optional(),
  }),
  result: feedbackView,
});

export const myFeedback = defineCall({
  path: '/api/feedback/mine',
  access: 'user',
  summary: "This user's feedback, newest first, with the operators' replies; a reply not seen before is marked and counts as seen from then on.",
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(feedbackView.extend({ replyUnread: z.boolean() })),
});
