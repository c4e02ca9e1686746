import * as accounts from './accounts.js';
import * as operatorAccounts from './operator-accounts.js';
import * as publicInfo from './public-info.js';
import * as money from './money.js';
import * as operatorMoney from './operator-money.js';
import * as game from './game.js';
import * as chases from './chases.js';
import * as operatorGame from './operator-game.js';
import * as content from './content.js';
import * as feedback from './feedback.js';
import * as operatorContent from './operator-content.js';
import * as operatorUploads from './operator-uploads.js';
import * as operatorTeam from './operator-team.js';
import * as operatorAdjustments from './operator-adjustments.js';
import * as operatorDashboard from './operator-dashboard.js';
import * as events from './events.js';
import * as messages from './messages.js';
import * as contact from './contact.js';
import * as protection from './protection.js';
import type { CallDefinition } from './define.js';

export * from './define.js';
export * from './public-info.js';
export * from './accounts.js';
export * from './operator-accounts.js';
export * from './money.js';
export * from './operator-money.js';
export * from './game.js';
export * from './chases.js';
export * from './operator-game.js';
export * from './content.js';
export * from './feedback.js';
export * from './operator-content.js';
export * from './operator-uploads.js';
export * from './operator-team.js';
export * from './operator-adjustments.js';
export * from './operator-dashboard.js';
export * from './events.js';
export * from './messages.js';
export * from './contact.js';
export * from './protection.js';
export * from './refs.js';

const CALL_GROUPS = [
  publicInfo,
  accounts,
  operatorAccounts,
  operatorTeam,
  operatorAdjustments,
  operatorDashboard,
  money,
  operatorMoney,
  game,
  chases,
  operatorGame,
  content,
  feedback,
  operatorUploads,
  operatorContent,
  events,
  messages,
  contact,
  protection,
];

const isCallDefinition = (value: unknown): value is CallDefinition =>
  typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value && 'result' in value;

/** Every call the server serves, found among the exports of the call files, by path; the OpenAPI document is generated from this list. */
export const ALL_CALLS: readonly CallDefinition[] = CALL_GROUPS.flatMap((group) => Object.values(group).filter(isCallDefinition)).sort((a, b) =>
  a.path.localeCompare(b.path),
);
