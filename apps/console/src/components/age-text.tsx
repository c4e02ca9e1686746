import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ageParts } from './age';
import { ageText } from './duration';
import { useNow } from './use-now';

/** Waiting this long or more reads as late. */
const LATE_MS = 60 * 60_000;

/** "2 h 5 min" since a moment, kept current. */
export function AgeText({ since }: { since: number | null }) {
  const { t } = useTranslation();
  const now = useNow();
  if (since === null) return <Typography.Text type="secondary">–</Typography.Text>;
  const text = ageText(ageParts(since, now), t);
  return (
    <Typography.Text type={now - since >= LATE_MS ? 'warning' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography.Text>
  );
}
