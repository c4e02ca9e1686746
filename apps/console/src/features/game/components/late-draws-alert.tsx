import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/call-types';
import { durationText } from '../../../components/duration';
import { PATHS } from '../../../navigation/paths';

type LateDraw = ResultOf<typeof OPERATOR_CALLS.dashboard>['lateDraws'][number];

/**
 * The periods past their draw time now: how late each is and whether it
 * waits for the beacon. Only waiting for the beacon ends on its own (drawn,
 * or void with refunds), so any other late draw makes it an error.
 */
export function LateDrawsAlert({ lateDraws, linkToFairness = false, style }: { lateDraws: readonly LateDraw[]; linkToFairness?: boolean; style?: CSSProperties }) {
  const { t } = useTranslation();
  const stuck = lateDraws.some((draw) => !draw.waitingForBeacon);
  return (
    <Alert
      data-testid="late-draws"
      type={stuck ? 'error' : 'warning'}
      showIcon
      style={style}
      title={t('lateDraws.title', { count: lateDraws.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {lateDraws.map((draw) => (
            <li key={`${draw.projectId}/${draw.periodNo}`} data-testid="late-draw">
              {t('lateDraws.item', { project: draw.projectName, periodNo: draw.periodNo, late: durationText(draw.lateSeconds, t) })}{' '}
              {t(draw.waitingForBeacon ? 'lateDraws.waitingForBeacon' : 'lateDraws.notWaiting')}
            </li>
          ))}
        </ul>
      }
      action={
        linkToFairness ? (
          // The theme's blue on the alert's tint is below 4.5:1: the link keeps the alert's text colour, underlined.
          <Link to={PATHS.fairness} style={{ color: 'inherit', textDecoration: 'underline', whiteSpace: 'nowrap' }}>
            {t('lateDraws.open')}
          </Link>
        ) : undefined
      }
    />
  );
}
