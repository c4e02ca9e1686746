import { PATHS } from '../../../navigation/paths';

/** The address keeps the chosen project, so a refresh, back or a shared link shows the same one. */
export const PROJECT_PARAM = 'project';

const withProject = (path: string, projectId: string) => `${path}?${PROJECT_PARAM}=${encodeURIComponent(projectId)}`;

/** The game page on one project. */
export const dicePath = (projectId: string) => withProject(PATHS.dice, projectId);

/** The history and fairness page of one project. */
export const diceHistoryPath = (projectId: string) => withProject(PATHS.diceHistory, projectId);
