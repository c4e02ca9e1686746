import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import {
  CONTENT_HTML_MAX,
  CONTENT_KINDS,
  CONTENT_TITLE_MAX,
  FEEDBACK_REPLY_MAX,
  isContentLink,
  isImageUrl,
} from '../content-rules.js';
import { languageSchema } from '../settings.js';
import { contentIdSchema } from './content.js';
import { defineCall } from './define.js';
import { feedbackView, fieldRule } from './feedback.js';

const textSchema = z.strictObject({
  title: z.string().trim().min(1).max(CONTENT_TITLE_MAX),
  /** HTML; sanitised when it is served, so a tightened allow-list also cleans what was saved before. */
  content: z.string().max(CONTENT_HTML_MAX),
});

/** Epoch milliseconds. */
const instantSchema = z.number().int().min(0).max(8_640_000_000_000_000);

export const contentItemView = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  content: z.string(),
  cover: z.string().nullable(),
  link: z.string().nullable(),
  publishAt: z.number(),
  expiresAt: z.number().nullable(),
  pinned: z.boolean(),
  ticker: z.boolean(),
  sort: z.number().int(),
  translations: z.partialRecord(languageSchema, z.object({ title: z.string(), content: z.string() })),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const saveContent = defineCall({
  path: '/admin/api/content/save',
  access: 'operator',
  summary:
    'Creates (no id) or changes a notice, activity, banner, the about page or the registration agreement, audited with before and after. About and agreement have one text each: saving one without an id changes it. On a change, optional fields not sent keep their value (null clears cover, link, publishAt or expiresAt); on a creation they mean: publish now, no expiry, not pinned, not in the ticker, sort 0, no translations. The end must come after the start (EXPIRY_ORDER).',
  success: 'SAVED',
  body: z
    .strictObject({
      id: contentIdSchema.optional(),
      kind: z.enum(CONTENT_KINDS),
      ...textSchema.shape,
      cover: z.string().refine(isImageUrl, fieldRule('IMAGE_URL_RULE')).nullable().optional(),
      link: z.string().refine(isContentLink, fieldRule('LINK_RULE')).nullable().optional(),
      publishAt: instantSchema.nullable().optional(),
      expiresAt: instantSchema.nullable().optional(),
      pinned: z.boolean().optional(),
      ticker: z.boolean().optional(),
      /** Lower first. */
      sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
      /** Per language, replacing those saved before; a language left out shows the text above. */
      translations: z.partialRecord(languageSchema, textSchema).optional(),
    }),
  result: contentItemView,
});

export const listContent = defineCall({
  path: '/admin/api/content/list',
  access: 'operator',
  summary: 'Every content item, of one kind or all, published or not: pinned first, then by sort, newest first.',
  body: z.strictObject({ kind: z.enum(CONTENT_KINDS).optional(), ...pageQueryShape }),
  result: pageOf(contentItemView),
});

export const deleteContent = defineCall({
  path: '/admin/api/content/delete',
  access: 'operator',
  summary: 'Removes a content item, audited; the registration agreement cannot be removed (CONTENT_REQUIRED), only changed.',
  success: 'DELETED',
  body: z.strictObject({ id: contentIdSchema }),
  result: z.object({}),
});

const operatorFeedbackView = feedbackView.extend({
  userId: z.string(),
  username: z.string(),
  repliedBy: z.string().nullable(),
});

export const listFeedback = defineCall({
  path: '/admin/api/feedback',
  access: 'operator',
  summary: 'Feedback, oldest unanswered first when filtered to unanswered, else newest first.',
  body: z.strictObject({ answered: z.boolean().optional(), ...pageQueryShape }),
  result: pageOf(operatorFeedbackView),
});

export const replyFeedback = defineCall({
  path: '/admin/api/feedback/reply',
  access: 'operator',
  summary: 'Answers feedback (a new reply replaces the last), audited; the user sees it with an unread mark.',
  success: 'SAVED',
  body: z.strictObject({ id: contentIdSchema, reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX) }),
  result: operatorFeedbackView,
});
