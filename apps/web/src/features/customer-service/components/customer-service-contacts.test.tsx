import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import CustomerServiceContacts from './customer-service-contacts';

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe('the customer service contacts in the sheet', () => {
  it('lists each contact with its value and hours', () => {
    const html = renderToStaticMarkup(
      <CustomerServiceContacts
        contacts={[
          { name: 'Support mail', kind: 'email', value: 'help@example.com', hours: '' },
          { name: 'Hotline', kind: 'phone', value: '+60 3 1234 5678', hours: '9:00–18:00' },
        ]}
      />,
    );
    expect(count(html, 'kefu-contact')).toBe(2);
    expect(html).toContain('Support mail');
    expect(html).toContain('+60 3 1234 5678');
    expect(html).toContain('9:00–18:00');
    expect(html).toContain('Hours:');
  });

  it('says so when there is no contact', () => {
    const html = renderToStaticMarkup(<CustomerServiceContacts contacts={[]} />);
    expect(count(html, 'kefu-contact')).toBe(0);
    expect(html).toContain(en.kefu.empty);
  });
});
