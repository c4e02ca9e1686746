import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time';
import type { PlayerProtection } from './protection-words';

/** A tag for each break that runs now: the user can still sign in and withdraw, but not recharge, order or chase. */
export function BreakTags({ protection }: { protection: PlayerProtection }) {
  const { t } = useTranslation();
  const { timeoutUntil, selfExcludedUntil, selfExcludedPermanent } = protection;
  if (timeoutUntil === null && selfExcludedUntil === null) return null;
  return (
    <Space size={4} data-testid="break-tags">
      {selfExcludedUntil !== null ? (
        <Tag color="red">
          {selfExcludedPermanent ? t('protection.selfExcludedForever') : t('protection.selfExcludedTag', { at: formatDateTime(selfExcludedUntil) })}
        </Tag>
      ) : null}
      {timeoutUntil !== null ? <Tag color="orange">{t('protection.timeoutTag', { at: formatDateTime(timeoutUntil) })}</Tag> : null}
    </Space>
  );
}
