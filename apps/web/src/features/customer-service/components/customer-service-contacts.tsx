import List from 'antd-mobile/es/components/list';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { contactHref, opensInNewTab, type CustomerServiceContact } from '../model/customer-service-links';
import { SentenceWith } from '../../../components/sentence-with';

const ICONS: Record<CustomerServiceContact['kind'], ReactNode> = {
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

/** The contacts, each with its kind's icon; tapping one opens it the way its kind needs. */
export default function CustomerServiceContacts({ contacts }: { contacts: CustomerServiceContact[] }) {
  const { t } = useTranslation();
  if (contacts.length === 0) return <EmptyState title={t('kefu.empty')} />;
  return (
    <List className="app-kefu-list">
      {contacts.map((contact) => {
        const href = contactHref(contact);
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
