import { noticeAbout, noticeActivities, noticeActivity, noticeDetail, noticeHome, noticeList, noticeRead, regAgreement } from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { PublicContent } from './public-content.js';

export function contentRoutes(call: RegisterCall, content: PublicContent): void {
  call(noticeHome, (_input, context) => content.home(context.session?.userId ?? null, context.lang, context.now));
  call(noticeList, (input, context) => content.notices(context.session?.userId ?? null, context.lang, input, context.now));
  call(noticeDetail, (input, context) => content.notice(input.id, context.lang, context.now));
  call(noticeActivities, (input, context) => content.activities(context.lang, input, context.now));
  call(noticeActivity, (input, context) => content.activity(input.id, context.lang, context.now));
  call(noticeAbout, (_input, context) => content.about(context.lang));
  call(noticeRead, (input, context) => content.read(sessionOf(context).userId, input.id, context.now));
  call(regAgreement, (_input, context) => content.agreement(context.lang));
}
