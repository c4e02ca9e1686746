import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Alert, Card, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { durationText } from '../../../components/duration';
import { HashText } from './hash-text';

type Beacon = NonNullable<ResultOf<typeof OPERATOR_CALLS.fairnessState>['beacon']>;

/** A beacon this many of its rounds behind is not keeping up (or the clocks disagree): its lag reads red. */
const LAG_ALARM_ROUNDS = 3;

/** The beacon as the server sees it now, or that there is none. */
export function BeaconCard({ beacon }: { beacon: Beacon | null }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('fairness.beacon')} style={{ marginBottom: 16 }} data-testid="beacon">
      {beacon ? (
        <BeaconState beacon={beacon} />
      ) : (
        <Alert type="info" showIcon title={t('fairness.noBeacon')} description={t('fairness.noBeaconHint')} data-testid="no-beacon" />
      )}
    </Card>
  );
}

function BeaconState({ beacon }: { beacon: Beacon }) {
  const { t } = useTranslation();
  const unknown = <Typography.Text type="secondary">{t('fairness.unknown')}</Typography.Text>;
  const items: DescriptionsProps['items'] = [
    { key: 'url', label: t('fairness.url'), children: <Typography.Text copyable>{beacon.url}</Typography.Text> },
    { key: 'chainHash', label: t('fairness.chainHash'), children: beacon.chainHash === null ? unknown : <HashText value={beacon.chainHash} /> },
    { key: 'genesis', label: t('fairness.genesis'), children: beacon.genesisTime === null ? unknown : <DateTime value={beacon.genesisTime * 1000} /> },
    { key: 'period', label: t('fairness.period'), children: beacon.period === null ? unknown : durationText(beacon.period, t) },
    { key: 'timeout', label: t('fairness.timeout'), children: durationText(beacon.timeoutSeconds, t) },
    { key: 'latest', label: t('fairness.latest'), children: <LatestRound beacon={beacon} /> },
    {
      key: 'lastRound',
      label: t('fairness.lastRound'),
      children:
        beacon.lastRound === null ? (
          <Typography.Text type="secondary">{t('fairness.noRoundYet')}</Typography.Text>
        ) : (
          <RoundAt round={beacon.lastRound} at={beacon.lastRoundAt} />
        ),
    },
    { key: 'lastError', label: t('fairness.lastError'), children: <LastFailure failure={beacon.lastError} /> },
  ];
  return <Descriptions size="small" bordered column={2} items={items} />;
}

function RoundAt({ round, at }: { round: number; at: number | null }) {
  const { t } = useTranslation();
  return (
    <span>
      {t('fairness.round', { round })} · <DateTime value={at} />
    </span>
  );
}

function LatestRound({ beacon }: { beacon: Beacon }) {
  const { t } = useTranslation();
  const { latest } = beacon;
  if (!latest) {
    return (
      <Typography.Text type="danger" data-testid="beacon-latest" data-healthy="false">
        {t('fairness.latestFailed', { error: beacon.latestError ?? '' })}
      </Typography.Text>
    );
  }
  const lagging = beacon.period !== null && latest.lagSeconds > LAG_ALARM_ROUNDS * beacon.period;
  return (
    <Flex gap={8} align="center" wrap data-testid="beacon-latest" data-healthy={String(!lagging)}>
      <RoundAt round={latest.round} at={latest.at} />
      <Tag color={lagging ? 'red' : 'green'} style={{ marginInlineEnd: 0 }}>
        {t('fairness.lag', { seconds: latest.lagSeconds.toFixed(1) })}
      </Tag>
    </Flex>
  );
}

function LastFailure({ failure }: { failure: Beacon['lastError'] }) {
  const { t } = useTranslation();
  if (!failure) return <Typography.Text type="secondary">{t('fairness.noFailure')}</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid="beacon-last-error">
      <Flex gap={8} align="center" wrap>
        <Tag color="error" style={{ marginInlineEnd: 0 }}>
          {t(`fairness.reasons.${failure.reason}`)}
        </Tag>
        <span>
          {failure.round === null ? t('fairness.chainInfo') : t('fairness.round', { round: failure.round })} · <DateTime value={failure.at} />
        </span>
      </Flex>
      <Typography.Text type="secondary" style={{ wordBreak: 'break-word' }}>
        {failure.detail}
      </Typography.Text>
    </Flex>
  );
}
