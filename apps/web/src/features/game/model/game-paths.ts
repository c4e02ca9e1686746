import { PATHS } from '../../../navigation/paths';
import { PROJECT_PARAM } from '../components/use-chosen-project';

const withProject = (path: string, projectId: string) => `${path}?${PROJECT_PARAM}=${encodeURIComponent(projectId)}`;

/** The game page on one project. */
export const dicePath = (projectId: string) => withProject(PATHS.dice, projectId);

/** The history and fairness page of one project. */
export const diceHistoryPath = (projectId: string) => withProject(PATHS.diceHistory, projectId);
