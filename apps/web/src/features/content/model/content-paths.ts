import { PATHS } from '../../../navigation/paths';

/** The notice and activity pages name their item in the address, so a refresh or a shared link shows the same one. */
export const CONTENT_ID_PARAM = 'id';

export const noticePath = (id: string) => `${PATHS.noticeDetail}?${CONTENT_ID_PARAM}=${encodeURIComponent(id)}`;

export const activityPath = (id: string) => `${PATHS.activityDetail}?${CONTENT_ID_PARAM}=${encodeURIComponent(id)}`;
