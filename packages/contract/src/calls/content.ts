import { z } from 'zod';
import { pageOf, pageQueryShape } from '../accounts.js';
import { defineCall } from './define.js';
import { periodView } from './game.js';

/** Ids of notices, activities and banners as the app names them. */
export const contentIdSchema = z.string().trim().min(1).max(40);

const contentIdBody = z.strictObject({ id: contentIdSchema });

const bannerView = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  /** `notice:<id>`, `activity:<id>` or an https address; null: the banner leads nowhere. */
  link: z.string().nullable(),
});

/** A project as the home page shows it: enough to count down and show the last result without the game's calls. */
const homeProjectView = z.object({
  id: z.string(),
  name: z.string(),
  cover: z.string(),
  periodSeconds: z.number().int(),
  current: periodView.nullable(),
  last: periodView.nullable(),
});

export const noticeHome = defineCall({
  path: '/api/notice/home',
  access: 'public',
  sessionOptional: true,
  summary:
    "The home page in one call: banners, the ticker's notices, the projects with their current and last period and the server time; for a signed-in caller also how many notices and feedback replies are unread.",
  body: z.strictObject({}),
  result: z.object({
    banners: z.array(bannerView),
    ticker: z.array(z.object({ id: z.string(), title: z.string() })),
    projects: z.array(homeProjectView),
    serverTime: z.number(),
    /** Unread notices; only for a signed-in caller. */
    unread: z.number().int().optional(),
    /** Feedback replies not yet seen; only for a signed-in caller. */
    unreadReplies: z.number().int().optional(),
  }),
});

const noticeListItem = z.object({
  id: z.string(),
  title: z.string(),
  /** The first words of the text, without markup. */
  summary: z.string(),
  cover: z.string().nullable(),
  pinned: z.boolean(),
  publishAt: z.number(),
  /** Always false for a caller who is not signed in. */
  unread: z.boolean(),
});

export const noticeList = defineCall({
  path: '/api/notice/list',
  access: 'public',
  sessionOptional: true,
  summary: "Published notices, pinned first, then newest; each with the caller's unread mark.",
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(noticeListItem),
});

const documentView = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  cover: z.string().nullable(),
  publishAt: z.number(),
});

export const noticeDetail = defineCall({
  path: '/api/notice/detail',
  access: 'public',
  summary: 'One published notice with its sanitised text.',
  body: contentIdBody,
  result: documentView,
});

export const ACTIVITY_STATES = ['running', 'ended'] as const;
const activityFields = {
  /** When the activity ends; null: it runs until the operator removes it. */
  expiresAt: z.number().nullable(),
  state: z.enum(ACTIVITY_STATES),
};

export const noticeActivities = defineCall({
  path: '/api/notice/activities',
  access: 'public',
  summary: 'Published activities, running ones first; an ended activity stays listed for 30 days after its end.',
  body: z.strictObject({ ...pageQueryShape }),
  result: pageOf(noticeListItem.omit({ unread: true }).extend(activityFields)),
});

export const noticeActivity = defineCall({
  path: '/api/notice/activity',
  access: 'public',
  summary: 'One activity with its sanitised text.',
  body: contentIdBody,
  result: documentView.extend(activityFields),
});

export const noticeAbout = defineCall({
  path: '/api/notice/about',
  access: 'public',
  summary: "The about-us page in the caller's language (sanitised HTML).",
  body: z.strictObject({}),
  result: z.object({ title: z.string(), content: z.string() }),
});

export const noticeRead = defineCall({
  path: '/api/notice/read',
  access: 'user',
  summary: 'Marks a notice read for this user; answers how many notices are still unread.',
  body: contentIdBody,
  result: z.object({ unread: z.number().int() }),
});
