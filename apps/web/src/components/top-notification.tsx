import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../styles/notification.css';

/** The seed's notifications last 3 s. */
export const NOTIFICATION_DURATION_MS = 3000;

interface Props {
  /** Good news in green, the rest in the app's neutral dark. */
  tone: 'good' | 'neutral';
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  onClose: () => void;
  testId?: string;
}

/** A notification sliding in at the top of the screen, gone after 3 s or when closed. */
export function TopNotification({ tone, icon, title, children, onClose, testId }: Props) {
  const { t } = useTranslation();
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const timer = setTimeout(close, NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={`app-notification app-notification-${tone}`} role="status" aria-live="polite" data-testid={testId}>
      <span className="app-notification-icon" aria-hidden="true">
        {icon}
      </span>
      <div className="app-notification-text">
        <p className="app-notification-title">{title}</p>
        {children && <div className="app-notification-body">{children}</div>}
      </div>
      <button type="button" className="app-notification-close" onClick={onClose} aria-label={t('common.close')}>
        <CloseOutline />
      </button>
    </div>
  );
}
