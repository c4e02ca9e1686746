import { OPTION_GROUPS, OPTION_RULES, parseOdds, returnToPlayerBasisPoints, winningThrows } from '@wallet/contract/game';
import { Input, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../components/number-format';
import { optionLabel } from './option-label';

/** Above this the server refuses the odds: an option may not pay back more than is ordered on it. */
const MAX_RETURN_BASIS_POINTS = 10_000;

/** The return to player of odds as typed, by the contract's own rule; undefined while they are not valid odds. */
export function returnToPlayerOf(code: string, oddsText: string | undefined): number | undefined {
  const odds = parseOdds(oddsText?.trim() ?? '');
  return odds === undefined ? undefined : returnToPlayerBasisPoints(code, odds);
}

function ReturnToPlayer({ code, odds }: { code: string; odds: string | undefined }) {
  const { t } = useTranslation();
  const basisPoints = returnToPlayerOf(code, odds);
  if (basisPoints === undefined) return <Typography.Text type="danger">{t('projects.oddsInvalid')}</Typography.Text>;
  return (
    <Typography.Text data-testid={`rtp-${code}`} type={basisPoints > MAX_RETURN_BASIS_POINTS ? 'danger' : undefined} strong>
      {formatPercent(basisPoints)}
    </Typography.Text>
  );
}

interface OddsEditorProps {
  value?: Record<string, string>;
  onChange?: (odds: Record<string, string>) => void;
}

/** Odds per option, grouped as the app shows them, with the return to player recomputed at every keystroke. */
export function OddsEditor({ value = {}, onChange }: OddsEditorProps) {
  const { t } = useTranslation();
  const items = OPTION_GROUPS.map((group) => ({
    key: group,
    label: t(`options.groups.${group}`),
    children: (
      <Table
        size="small"
        pagination={false}
        rowKey="code"
        dataSource={OPTION_RULES.filter((rule) => rule.group === group).map(({ code }) => ({ code }))}
        columns={[
          { title: t('projects.option'), dataIndex: 'code', render: (code: string) => optionLabel(code, t) },
          { title: t('projects.outcomes'), dataIndex: 'code', render: (code: string) => `${winningThrows(code)} / 216` },
          {
            title: t('projects.odds'),
            dataIndex: 'code',
            render: (code: string) => (
              <Input
                aria-label={t('projects.oddsOf', { option: optionLabel(code, t) })}
                value={value[code] ?? ''}
                style={{ width: 110 }}
                inputMode="decimal"
                onChange={(event) => onChange?.({ ...value, [code]: event.target.value })}
              />
            ),
          },
          { title: t('projects.returnToPlayer'), dataIndex: 'code', render: (code: string) => <ReturnToPlayer code={code} odds={value[code]} /> },
        ]}
      />
    ),
  }));
  return <Tabs size="small" items={items} />;
}
