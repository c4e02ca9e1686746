import type { CallDefinition } from './define.js';
import type * as accounts from './accounts.js';
import type * as operatorAccounts from './operator-accounts.js';
import type * as publicInfo from './public-info.js';
import type * as money from './money.js';
import type * as operatorMoney from './operator-money.js';
import type * as game from './game.js';
import type * as chases from './chases.js';
import type * as operatorGame from './operator-game.js';
import type * as content from './content.js';
import type * as feedback from './feedback.js';
import type * as events from './events.js';
import type * as operatorContent from './operator-content.js';
import type * as operatorUploads from './operator-uploads.js';
import type * as operatorTeam from './operator-team.js';
import type * as operatorAdjustments from './operator-adjustments.js';
import type * as operatorDashboard from './operator-dashboard.js';
import type * as messages from './messages.js';
import type * as contact from './contact.js';
import type * as protection from './protection.js';

/**
 * A call's path, typed with its full definition but without its schemas, so
 * a client can make the call without loading the schema library.
 */
export interface CallRef<C extends CallDefinition> {
  readonly path: C['path'];
  /** Never set: carries the definition's type only. */
  readonly definition?: C;
}

function ref<C extends CallDefinition>(path: C['path']): CallRef<C> {
  return { path };
}

export const CALLS = {
  getLang: ref<typeof publicInfo.getLang>('/api/login/getlang'),
  getKefu: ref<typeof publicInfo.getKefu>('/api/login/getkefu'),
  getDownload: ref<typeof publicInfo.getDownload>('/api/login/getdownload'),
  versionUp: ref<typeof publicInfo.versionUp>('/api/login/versionUp'),
  regAgreement: ref<typeof publicInfo.regAgreement>('/api/login/reg_agreement'),
  generateCaptcha: ref<typeof accounts.generateCaptcha>('/api/images/generate'),
  checkCaptcha: ref<typeof accounts.checkCaptcha>('/api/login/checkCode'),
  sendRegisterCode: ref<typeof accounts.sendRegisterCode>('/api/login/sendRegister'),
  sendResetCode: ref<typeof accounts.sendResetCode>('/api/sms/sendVer'),
  register: ref<typeof accounts.register>('/api/login/register'),
  signIn: ref<typeof accounts.signIn>('/api/login/sign_in'),
  forgetPassword: ref<typeof accounts.forgetPassword>('/api/login/forget_pass'),
  logOut: ref<typeof accounts.logOut>('/api/login/login_out'),
  userInfo: ref<typeof accounts.userInfo>('/api/user/info'),
  updateUser: ref<typeof accounts.updateUser>('/api/user/update'),
  changePassword: ref<typeof accounts.changePassword>('/api/user/password'),
  changePayPassword: ref<typeof accounts.changePayPassword>('/api/user/payPassword'),
  uploadImage: ref<typeof accounts.uploadImage>('/api/upload/image'),
  userAssets: ref<typeof money.userAssets>('/api/user/assets'),
  userStatement: ref<typeof money.userStatement>('/api/user/statement'),
  rechargeChannels: ref<typeof money.rechargeChannels>('/api/money/channels'),
  createRecharge: ref<typeof money.createRecharge>('/api/money/recharge'),
  attachRechargeVoucher: ref<typeof money.attachRechargeVoucher>('/api/money/recharge_voucher'),
  rechargeList: ref<typeof money.rechargeList>('/api/money/recharge_list'),
  rechargeDetail: ref<typeof money.rechargeDetail>('/api/money/recharge_detail'),
  withdrawInfo: ref<typeof money.withdrawInfo>('/api/money/withdrawInfo'),
  createWithdrawal: ref<typeof money.createWithdrawal>('/api/money/withdraw'),
  withdrawalList: ref<typeof money.withdrawalList>('/api/money/widht_list'),
  withdrawalDetail: ref<typeof money.withdrawalDetail>('/api/money/widht_detail'),
  gameProjects: ref<typeof game.gameProjects>('/api/game/projects'),
  gamePeriod: ref<typeof game.gamePeriod>('/api/game/period'),
  gameHistory: ref<typeof game.gameHistory>('/api/game/history'),
  gameTrend: ref<typeof game.gameTrend>('/api/game/trend'),
  placeOrder: ref<typeof game.placeOrder>('/api/game/order'),
  orderList: ref<typeof game.orderList>('/api/game/orders'),
  orderProof: ref<typeof game.orderProof>('/api/game/orderProof'),
  startChase: ref<typeof chases.startChase>('/api/game/chase'),
  cancelChase: ref<typeof chases.cancelChase>('/api/game/chase/cancel'),
  chaseList: ref<typeof chases.chaseList>('/api/game/chases'),
  noticeHome: ref<typeof content.noticeHome>('/api/notice/home'),
  noticeList: ref<typeof content.noticeList>('/api/notice/list'),
  noticeDetail: ref<typeof content.noticeDetail>('/api/notice/detail'),
  noticeActivities: ref<typeof content.noticeActivities>('/api/notice/activities'),
  noticeActivity: ref<typeof content.noticeActivity>('/api/notice/activity'),
  noticeAbout: ref<typeof content.noticeAbout>('/api/notice/about'),
  noticeRead: ref<typeof content.noticeRead>('/api/notice/read'),
  submitFeedback: ref<typeof feedback.submitFeedback>('/api/feedback/submit'),
  myFeedback: ref<typeof feedback.myFeedback>('/api/feedback/mine'),
  eventsTicket: ref<typeof events.eventsTicket>('/api/events/ticket'),
  userMessages: ref<typeof messages.userMessages>('/api/user/messages'),
  readUserMessages: ref<typeof messages.readUserMessages>('/api/user/messages/read'),
  sendContactCode: ref<typeof contact.sendContactCode>('/api/user/contact/sendCode'),
  bindContact: ref<typeof contact.bindContact>('/api/user/contact/bind'),
  playerLimits: ref<typeof protection.playerLimits>('/api/user/limits'),
  saveLimit: ref<typeof protection.saveLimit>('/api/user/limits/save'),
  takeTimeout: ref<typeof protection.takeTimeout>('/api/user/timeout'),
  selfExclude: ref<typeof protection.selfExclude>('/api/user/selfExclude'),
  realityCheck: ref<typeof protection.realityCheck>('/api/user/realityCheck'),
  exportStatement: ref<typeof protection.exportStatement>('/api/user/statement/export'),
};

/** The operator console's calls (bearer token, no signature). */
export const OPERATOR_CALLS = {
  login: ref<typeof operatorAccounts.operatorLogin>('/admin/api/login'),
  logout: ref<typeof operatorAccounts.operatorLogout>('/admin/api/logout'),
  changePassword: ref<typeof operatorAccounts.changeOperatorPassword>('/admin/api/password'),
  me: ref<typeof operatorTeam.operatorMe>('/admin/api/me'),
  operators: ref<typeof operatorTeam.listOperators>('/admin/api/operators'),
  saveOperator: ref<typeof operatorTeam.saveOperator>('/admin/api/operators/save'),
  totpSetup: ref<typeof operatorTeam.totpSetup>('/admin/api/operators/totp/setup'),
  totpEnable: ref<typeof operatorTeam.totpEnable>('/admin/api/operators/totp/enable'),
  totpReset: ref<typeof operatorTeam.totpReset>('/admin/api/operators/totp/reset'),
  users: ref<typeof operatorAccounts.listUsers>('/admin/api/users'),
  userDetail: ref<typeof operatorAccounts.userDetail>('/admin/api/users/detail'),
  userStatement: ref<typeof operatorAccounts.userStatementOf>('/admin/api/users/statement'),
  freezeUser: ref<typeof operatorAccounts.freezeUser>('/admin/api/users/freeze'),
  createInvite: ref<typeof operatorAccounts.createInvite>('/admin/api/invites/create'),
  outbox: ref<typeof operatorAccounts.listOutbox>('/admin/api/outbox'),
  audit: ref<typeof operatorAccounts.listAudit>('/admin/api/audit'),
  recharges: ref<typeof operatorMoney.listRecharges>('/admin/api/recharges'),
  reviewRecharge: ref<typeof operatorMoney.reviewRecharge>('/admin/api/recharges/review'),
  withdrawals: ref<typeof operatorMoney.listWithdrawals>('/admin/api/withdrawals'),
  reviewWithdrawal: ref<typeof operatorMoney.reviewWithdrawal>('/admin/api/withdrawals/review'),
  adjustUser: ref<typeof operatorMoney.adjustUser>('/admin/api/users/adjust'),
  pendingAdjustments: ref<typeof operatorAdjustments.pendingAdjustments>('/admin/api/adjustments/pending'),
  approveAdjustment: ref<typeof operatorAdjustments.approveAdjustment>('/admin/api/adjustments/approve'),
  rejectAdjustment: ref<typeof operatorAdjustments.rejectAdjustment>('/admin/api/adjustments/reject'),
  pendingThresholdRaises: ref<typeof operatorAdjustments.pendingThresholdRaises>('/admin/api/settings/threshold/pending'),
  approveThresholdRaise: ref<typeof operatorAdjustments.approveThresholdRaise>('/admin/api/settings/threshold/approve'),
  rejectThresholdRaise: ref<typeof operatorAdjustments.rejectThresholdRaise>('/admin/api/settings/threshold/reject'),
  dashboard: ref<typeof operatorDashboard.dashboard>('/admin/api/dashboard'),
  settings: ref<typeof operatorMoney.readSettings>('/admin/api/settings'),
  saveSettings: ref<typeof operatorMoney.saveSettings>('/admin/api/settings/save'),
  verifyLedger: ref<typeof operatorMoney.verifyLedger>('/admin/api/ledger/verify'),
  projects: ref<typeof operatorGame.listProjects>('/admin/api/projects'),
  saveProject: ref<typeof operatorGame.saveProject>('/admin/api/projects/save'),
  periods: ref<typeof operatorGame.listPeriods>('/admin/api/periods'),
  periodExposure: ref<typeof operatorGame.periodExposure>('/admin/api/periods/exposure'),
  fairnessState: ref<typeof operatorGame.fairnessState>('/admin/api/fairness'),
  orders: ref<typeof operatorGame.listOrders>('/admin/api/orders'),
  chases: ref<typeof operatorGame.listChases>('/admin/api/chases'),
  content: ref<typeof operatorContent.listContent>('/admin/api/content/list'),
  saveContent: ref<typeof operatorContent.saveContent>('/admin/api/content/save'),
  deleteContent: ref<typeof operatorContent.deleteContent>('/admin/api/content/delete'),
  feedback: ref<typeof operatorContent.listFeedback>('/admin/api/feedback'),
  replyFeedback: ref<typeof operatorContent.replyFeedback>('/admin/api/feedback/reply'),
  uploadImage: ref<typeof operatorUploads.operatorUploadImage>('/admin/api/upload/image'),
};
