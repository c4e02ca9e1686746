import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { loadProjects, type Project } from './projects.js';

/** Projects change only by an operator's save; another instance's save shows within this. */
const PROJECTS_FRESH_MS = 5_000;

/** The open projects, kept in memory per instance: every read and order needs them, none should query for them. */
export function createProjectCache(db: Kysely<Database>) {
  let cached: { list: Project[]; byId: Map<string, Project>; loadedAt: number } | undefined;

  async function current(now: number) {
    if (!cached || now - cached.loadedAt >= PROJECTS_FRESH_MS) {
      const list = await loadProjects(db, 'enabled');
      cached = { list, byId: new Map(list.map((p) => [p.id, p])), loadedAt: now };
    }
    return cached;
  }

  return {
    /** A save on this instance shows at once; another instance's within PROJECTS_FRESH_MS. */
    forget(): void {
      cached = undefined;
    },
    list: async (now: number) => (await current(now)).list,
    /** An open project, or 404. */
    async get(projectId: string, now: number): Promise<Project> {
      const project = (await current(now)).byId.get(projectId);
      if (!project) throw new AppError('NOT_FOUND');
      return project;
    },
  };
}

export type ProjectCache = ReturnType<typeof createProjectCache>;
