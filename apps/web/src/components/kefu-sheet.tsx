import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { kefuQuery } from '../api/account-queries';
import { DelayedSpinner } from './delayed-spinner';
import { EmptyState } from './empty-state';
import { kefuHref, opensInNewTab, type KefuContact } from './kefu-links';
import { SentenceWith } from './sentence-with';

const ICONS: Record<KefuContact['kind'], ReactNode> = {
  link: <LinkOutline />,
  email: <MailOutline />,
  phone: <PhonebookOutline />,
  telegram: <SendOutline />,
  whatsapp: <MessageOutline />,
};

function open(href: string): void {
  if (opensInNewTab(href)) window.open(href, '_blank', 'noopener,noreferrer');
  else window.location.assign(href);
}

function Contacts({ contacts }: { contacts: KefuContact[] }) {
  const { t } = useTranslation();
  if (contacts.length === 0) return <EmptyState title={t('kefu.empty')} />;
  return (
    <List className="app-kefu-list">
      {contacts.map((contact) => {
        const href = kefuHref(contact);
        return (
          <List.Item
            key={`${contact.kind}:${contact.value}`}
            prefix={ICONS[contact.kind]}
            description={contact.hours ? <SentenceWith i18nKey="kefu.hours" name="hours" value={contact.hours} /> : undefined}
            extra={<span className="app-kefu-value" dir="ltr">{contact.value}</span>}
            onClick={href ? () => open(href) : undefined}
            arrowIcon={Boolean(href)}
            data-testid="kefu-contact"
          >
            <bdi>{contact.name}</bdi>
          </List.Item>
        );
      })}
    </List>
  );
}

/** Customer service contacts in a bottom sheet; tapping one opens it the way its kind needs. */
export default function KefuSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(kefuQuery);
  let body: ReactNode = <DelayedSpinner />;
  if (data) body = <Contacts contacts={data.contacts} />;
  else if (isError)
    body = (
      <EmptyState title={t('kefu.loadFailed')}>
        <Button color="primary" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet" data-testid="kefu-sheet">
      <h2 className="app-popup-title">{t('kefu.title')}</h2>
      {body}
    </Popup>
  );
}
