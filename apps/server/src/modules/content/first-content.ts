import type { Kysely } from 'kysely';
import type { ContentKind } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import type { Translations } from './texts.js';

interface FirstItem {
  id: string;
  kind: ContentKind;
  title: string;
  content: string;
  link?: string;
  pinned?: boolean;
  ticker?: boolean;
  translations: Translations;
}

const AGREEMENT = `<h2>Terms of use</h2>
<p>By registering you agree to use this service only for lawful purposes, to keep your login password and payment password secret, and to give true information.</p>
<p>Recharges are credited after review. Withdrawals are paid to the bank card you enter, after review, less the fee shown before you confirm.</p>
<p>We keep a record of every movement of money on your account. Contact customer service with any question about your account.</p>`;

const AGREEMENT_ZH = `<h2>使用条款</h2>
<p>注册即表示您同意仅将本服务用于合法目的，妥善保管登录密码和支付密码，并提供真实信息。</p>
<p>充值经审核后到账。提现经审核后打入您填写的银行卡，并扣除确认前显示的手续费。</p>
<p>我们记录您账户的每一笔资金变动。如对账户有任何疑问，请联系客服。</p>`;

const WELCOME = `<p>Welcome! Top up under Mine → Recharge, place orders on the Project tab, and find every movement of your money under Mine → Assets.</p>
<p>Each dice result comes from a seed whose hash is published before the period opens: open the project's history and press Verify to check any draw yourself.</p>`;

const WELCOME_ZH = `<p>欢迎！在「我的 → 充值」中充值，在「项目」页下单，在「我的 → 资产」中查看每一笔资金变动。</p>
<p>每期骰子结果都来自一个种子，其哈希值在该期开始前公布：打开项目的历史记录，点击「验证」即可亲自核对任何一期开奖。</p>`;

const ABOUT = `<p>We run a wallet and a provably fair dice game. Every cent on your account is recorded in a double-entry ledger, and every draw can be checked in your own browser.</p>`;
const ABOUT_ZH = `<p>我们提供钱包服务和可验证公平的骰子游戏。您账户中的每一分钱都记录在复式账本中，每一期开奖都可以在您自己的浏览器中核对。</p>`;

/** PRODUCT §11: a welcome notice and one banner, with the about page and the agreement, in English and Chinese. */
const FIRST_CONTENT: FirstItem[] = [
  {
    id: 'welcome',
    kind: 'notice',
    title: 'Welcome',
    content: WELCOME,
    pinned: true,
    ticker: true,
    translations: { 'zh-CN': { title: '欢迎', content: WELCOME_ZH }, 'zh-TW': { title: '歡迎', content: WELCOME_ZH } },
  },
  {
    id: 'welcome-banner',
    kind: 'banner',
    title: 'Provably fair dice: check every draw yourself',
    content: '',
    link: 'notice:welcome',
    translations: { 'zh-CN': { title: '可验证公平的骰子：每一期都能亲自核对', content: '' } },
  },
  { id: 'about', kind: 'about', title: 'About us', content: ABOUT, translations: { 'zh-CN': { title: '关于我们', content: ABOUT_ZH } } },
  { id: 'agreement', kind: 'agreement', title: 'User agreement', content: AGREEMENT, translations: { 'zh-CN': { title: '用户协议', content: AGREEMENT_ZH } } },
];

/** Safe on every start: an item once written (even if removed since) is never written again. */
export async function ensureFirstContent(db: Kysely<Database>, now: number): Promise<string[]> {
  const created: string[] = [];
  for (const item of FIRST_CONTENT) {
    const result = await db
      .insertInto('content_items')
      .values({
        id: item.id,
        kind: item.kind,
        title: item.title,
        content: item.content,
        cover: null,
        link: item.link ?? null,
        publish_at: now,
        expires_at: null,
        pinned: item.pinned ? 1 : 0,
        ticker: item.ticker ? 1 : 0,
        sort: 0,
        translations: JSON.stringify(item.translations),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) created.push(item.id);
  }
  return created;
}
