import FireFill from 'antd-mobile-icons/es/FireFill';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gameTrendQuery, type GameTrend } from '../api/game-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { DiceFace } from './dice-face';
import { trendRows, type TrendRow } from '../model/trend-rows';
import { LoadFailed } from '../../../components/load-failed';

/** The longest bar leaves room beside it for the count and a flag. */
const BAR_MAX_PERCENT = 55;

function TrendTable({ title, rows, faces, testId }: { title: string; rows: TrendRow[]; faces: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="app-game-card app-trend" data-testid={testId}>
      <h2 className="app-game-card-title">{title}</h2>
      <table className="app-trend-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="app-visually-hidden">{title}</span>
            </th>
            <th scope="col">{t('gamePages.trend.hits')}</th>
            <th scope="col">{t('gamePages.trend.missing')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.hot ? 'app-trend-hot' : row.cold ? 'app-trend-cold' : undefined} data-testid="trend-row" data-key={row.key}>
              <th scope="row">
                <span className="app-trend-key">
                  {faces ? <DiceFace value={Number(row.key)} /> : <bdi dir="ltr">{row.key}</bdi>}
                  <span className="app-visually-hidden">{row.key}</span>
                </span>
              </th>
              <td>
                <span className="app-trend-bar-cell">
                  <span className="app-trend-bar" style={{ inlineSize: `${row.share * BAR_MAX_PERCENT}%` }} aria-hidden="true" />
                  <bdi dir="ltr" className="app-trend-count" data-testid="trend-hits">
                    {row.hits}
                  </bdi>
                  {row.hot && (
                    <span className="app-trend-flag app-trend-flag-hot">
                      <FireFill aria-hidden="true" /> {t('gamePages.trend.hot')}
                    </span>
                  )}
                </span>
              </td>
              <td>
                <bdi dir="ltr" className="app-trend-count" data-testid="trend-missing">
                  {row.missing}
                </bdi>
                {row.cold && <span className="app-trend-flag app-trend-flag-cold">{t('gamePages.trend.cold')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Trend({ trend }: { trend: GameTrend }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="app-trend-intro">
        <p className="app-trend-over" data-testid="trend-over">
          {t('gamePages.trend.over', { count: trend.periods })}
        </p>
        <p>{t('gamePages.trend.explain')}</p>
      </div>
      <TrendTable title={t('gamePages.trend.faces')} rows={trendRows(trend.faces)} faces testId="trend-faces" />
      <TrendTable title={t('gamePages.trend.sums')} rows={trendRows(trend.sums)} faces={false} testId="trend-sums" />
    </>
  );
}

/** Hot and missing faces and sums over the last 100 drawn periods. */
export function TrendView({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { data, error, refetch } = useQuery(gameTrendQuery(projectId));
  if (!data) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  if (data.periods === 0) return <EmptyState title={t('gamePages.trend.empty')} />;
  return <Trend trend={data} />;
}
