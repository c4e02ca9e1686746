import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '../api/money-queries';
import { ChannelName } from './channel-name';
import { Money } from '../../../components/money-text';

export const CHANNEL_ICONS: Record<RechargeChannel['kind'], ReactNode> = {
  bank: <BankcardOutline />,
  crypto: <PayCircleOutline />,
  link: <LinkOutline />,
};

interface Props {
  channels: RechargeChannel[];
  selected: string;
  onSelect: (id: string) => void;
  error?: string | undefined;
}

/** The open channels as cards to choose from, each with its limits. */
export function ChannelPicker({ channels, selected, onSelect, error }: Props) {
  const { t } = useTranslation();
  return (
    <section className="app-money-section">
      <h2 className="app-money-section-title" id="channel-title">
        {t('money.recharge.channel')}
      </h2>
      <div className="app-channels" role="radiogroup" aria-labelledby="channel-title">
        {channels.map((channel) => (
          <button
            key={channel.id}
            type="button"
            role="radio"
            aria-checked={channel.id === selected}
            className={channel.id === selected ? 'app-channel app-channel-selected' : 'app-channel'}
            onClick={() => onSelect(channel.id)}
            data-testid="channel"
          >
            <span className="app-channel-icon" aria-hidden="true">
              {CHANNEL_ICONS[channel.kind]}
            </span>
            <span className="app-channel-text">
              <ChannelName channel={channel} />
              <span className="app-channel-limits">
                {t('money.recharge.limits')} <Money value={channel.minAmount} /> – <Money value={channel.maxAmount} />
              </span>
              {channel.randomDecimal && <span className="app-channel-note">{t('money.recharge.exactAmountAhead')}</span>}
            </span>
          </button>
        ))}
      </div>
      {error && (
        <p className="app-field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
