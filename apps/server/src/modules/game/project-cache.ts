import type { Kysely } from 'kysely';
import type { OpenChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { loadProjects, type Project } from './projects.js';

interface Loaded {
  /** The enabled ones, in the app's order. */
  open: Project[];
  /** Every project, disabled ones too: their periods stay readable. */
  byId: Map<string, Project>;
}

/**
 * The projects, kept in memory per instance: every read needs them, none
 * should query for them. A save on any instance drops them everywhere
 * through the change feed; while the feed is not listening, or when a save
 * came in during a read, they are read from the database and not kept.
 */
export function createProjectCache(db: Kysely<Database>, openFeed?: OpenChangeFeed) {
  let cached: Loaded | undefined;
  let generation = 0;
  const feed = openFeed?.(() => {
    generation += 1;
    cached = undefined;
  });

  async function current(): Promise<Loaded> {
    if (cached && feed?.live()) return cached;
    const readAt = generation;
    const all = await loadProjects(db, 'all');
    const loaded = { open: all.filter((project) => project.enabled), byId: new Map(all.map((project) => [project.id, project])) };
    if (readAt === generation && feed?.live()) cached = loaded;
    return loaded;
  }

  return {
    /** Every instance drops what it holds: call once the save has committed. */
    announce: async (projectId: string) => feed?.announce([projectId]),
    /** The enabled projects. */
    open: async () => (await current()).open,
    /** A project, enabled or not, or 404. */
    async get(projectId: string): Promise<Project> {
      const project = (await current()).byId.get(projectId);
      if (!project) throw new AppError('NOT_FOUND');
      return project;
    },
    close: async () => feed?.close(),
  };
}

export type ProjectCache = ReturnType<typeof createProjectCache>;
