import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '../api/money-queries';

type ChannelText = Pick<RechargeChannel, 'name' | 'kind'>;

/** What kind of channel it is (bank transfer, cryptocurrency, payment link), in the reader's language; nothing when the name already says it. */
export function ChannelKind({ channel }: { channel: ChannelText }) {
  const { t } = useTranslation();
  const kind = t(`money.recharge.kinds.${channel.kind}`);
  if (kind.toLocaleLowerCase() === channel.name.trim().toLocaleLowerCase()) return null;
  return (
    <span className="app-channel-kind" data-testid="channel-kind">
      {kind}
    </span>
  );
}

/** A recharge channel's name as the operator typed it, its kind beside it. */
export function ChannelName({ channel }: { channel: ChannelText }) {
  return (
    <span className="app-channel-title">
      <bdi className="app-channel-name">{channel.name}</bdi>
      <ChannelKind channel={channel} />
    </span>
  );
}
