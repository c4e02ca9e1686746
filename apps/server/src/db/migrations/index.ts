import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as accounts from './0002_accounts.js';
import * as money from './0003_money.js';
import * as moneyGuards from './0004_money_guards.js';
import * as game from './0005_game.js';
import * as gameOperations from './0006_game_operations.js';
import * as content from './0007_content.js';
import * as operators from './0008_operators.js';
import * as ledgerTotals from './0009_ledger_totals.js';
import * as uploadStorage from './0010_upload_storage.js';
import * as fourEyes from './0011_four_eyes.js';
import * as chases from './0012_chases.js';
import * as events from './0013_events.js';
import * as messages from './0014_messages.js';
import * as contactKeys from './0015_contact_keys.js';
import * as projectNames from './0016_project_names.js';
import * as playerProtection from './0017_player_protection.js';
import * as fairLock from './0018_fair_lock.js';

/** In order; a name once released never changes. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_accounts': accounts,
  '0003_money': money,
  '0004_money_guards': moneyGuards,
  '0005_game': game,
  '0006_game_operations': gameOperations,
  '0007_content': content,
  '0008_operators': operators,
  '0009_ledger_totals': ledgerTotals,
  '0010_upload_storage': uploadStorage,
  '0011_four_eyes': fourEyes,
  '0012_chases': chases,
  '0013_events': events,
  '0014_messages': messages,
  '0015_contact_keys': contactKeys,
  '0016_project_names': projectNames,
  '0017_player_protection': playerProtection,
  '0018_fair_lock': fairLock,
};
