import * as accounts from './accounts.js';
import * as operatorAccounts from './operator-accounts.js';
import * as publicInfo from './public-info.js';
import * as money from './money.js';
import * as operatorMoney from './operator-money.js';
import * as game from './game.js';
import * as operatorGame from './operator-game.js';
import * as content from './content.js';
import * as feedback from './feedback.js';
import * as operatorContent from './operator-content.js';
import * as operatorUploads from './operator-uploads.js';
import * as operatorTeam from './operator-team.js';
import * as operatorAdjustments from './operator-adjustments.js';
import * as operatorDashboard from './operator-dashboard.js';
import type { CallDefinition } from './define.js';

export * from './define.js';
export * from './public-info.js';
export * from './accounts.js';
export * from './operator-accounts.js';
export * from './money.js';
export * from './operator-money.js';
export * from './game.js';
export * from './operator-game.js';
export * from './content.js';
export * from './feedback.js';
export * from './operator-content.js';
export * from './operator-uploads.js';
export * from './operator-team.js';
export * from './operator-adjustments.js';
export * from './operator-dashboard.js';
export * from './refs.js';

/** Every call the server serves; the OpenAPI document is generated from this list. */
export const ALL_CALLS: readonly CallDefinition[] = [
  ...Object.values(publicInfo),
  ...Object.values(accounts),
  ...[operatorAccounts.operatorLogin, operatorAccounts.operatorLogout, operatorAccounts.changeOperatorPassword, operatorAccounts.listUsers, operatorAccounts.userDetail, operatorAccounts.userStatementOf],
  ...[operatorAccounts.freezeUser, operatorAccounts.createInvite, operatorAccounts.listOutbox, operatorAccounts.listAudit],
  ...[operatorTeam.operatorMe, operatorTeam.listOperators, operatorTeam.saveOperator, operatorTeam.totpSetup, operatorTeam.totpEnable, operatorTeam.totpReset],
  ...[operatorAdjustments.pendingAdjustments, operatorAdjustments.approveAdjustment, operatorAdjustments.rejectAdjustment],
  operatorDashboard.dashboard,
  ...Object.values(money),
  ...Object.values(operatorMoney),
  ...[game.gameProjects, game.gamePeriod, game.gameHistory, game.gameTrend, game.placeOrder, game.orderList],
  ...[operatorGame.listProjects, operatorGame.saveProject, operatorGame.listPeriods, operatorGame.periodExposure, operatorGame.listOrders],
  ...[content.noticeHome, content.noticeList, content.noticeDetail, content.noticeActivities, content.noticeActivity, content.noticeAbout, content.noticeRead],
  ...[feedback.submitFeedback, feedback.myFeedback],
  operatorUploads.operatorUploadImage,
  ...[operatorContent.saveContent, operatorContent.listContent, operatorContent.deleteContent, operatorContent.listFeedback, operatorContent.replyFeedback],
];
