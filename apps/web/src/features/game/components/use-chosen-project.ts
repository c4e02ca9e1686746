import { useSearchParams } from 'react-router';
import type { GameProject } from '../api/game-queries';
import { PROJECT_PARAM } from '../model/game-paths';

/** The project named in the address, else the first; and how to choose another. */
export function useChosenProject(projects: readonly GameProject[] | undefined) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(PROJECT_PARAM);
  const project = projects?.find((candidate) => candidate.id === wanted) ?? projects?.[0];
  const choose = (id: string) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.set(PROJECT_PARAM, id);
        return next;
      },
      { replace: true },
    );
  return { project, choose };
}
