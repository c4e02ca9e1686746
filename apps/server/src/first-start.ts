import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { ensureFirstContent } from './modules/content/index.js';
import { ensureFirstProjects } from './modules/game/index.js';
import { ensureRootInviteCode } from './modules/invites/index.js';
import { ensureFirstOperator, type FirstOperator } from './modules/operators/index.js';
import type { SettingsService } from './modules/settings/index.js';

export interface FirstStartReport {
  settingsWritten: string[];
  operator: FirstOperator;
  rootInviteCode: string | null;
  projectsCreated: string[];
  contentCreated: string[];
}

/** Fills an empty database with what PRODUCT §11 says a first start has. Safe to run on every start. */
export async function runFirstStart(
  db: Kysely<Database>,
  settings: SettingsService,
  config: Pick<Config, 'operatorUsername' | 'operatorPassword' | 'rootInviteCode'>,
  now: number,
): Promise<FirstStartReport> {
  const settingsWritten = await settings.ensureDefaults();
  const operator = await ensureFirstOperator(db, config.operatorUsername, config.operatorPassword, now);
  const rootInviteCode = await ensureRootInviteCode(db, operator.id, config.rootInviteCode, now);
  const projectsCreated = await ensureFirstProjects(db, now);
  const contentCreated = await ensureFirstContent(db, now);
  return { settingsWritten, operator, rootInviteCode, projectsCreated, contentCreated };
}

/** Shown once, on the console only: the log never carries a password. */
export function describeFirstStart(report: FirstStartReport): string | null {
  const lines: string[] = [];
  if (report.operator.created) {
    lines.push(`Operator account created: ${report.operator.username}`);
    if (report.operator.generatedPassword) {
      lines.push(`Operator password (shown only now, change it after signing in): ${report.operator.generatedPassword}`);
    }
  }
  if (report.rootInviteCode) lines.push(`Root invitation code: ${report.rootInviteCode}`);
  return lines.length ? lines.join('\n') : null;
}
