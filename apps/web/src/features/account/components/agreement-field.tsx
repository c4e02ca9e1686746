import Checkbox from 'antd-mobile/es/components/checkbox';
import { Suspense, lazy, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../../../components/form/use-form';
import { splitLinkedText } from '../model/agreement-text';

const AgreementPopup = lazy(() => import('./agreement-popup'));

const AGREED = 'yes';

/** "I have read and agree to the registration agreement": the box, and the agreement behind its link. */
export function AgreementField({ field }: { field: FieldBinding }) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const sentence = splitLinkedText(t('register.agree'));
  const openAgreement = (event: MouseEvent) => {
    // The link sits inside the box's label: reading must not tick the box.
    event.preventDefault();
    event.stopPropagation();
    setReading(true);
  };
  return (
    <div className={field.error ? 'app-agree app-field-invalid' : 'app-agree'}>
      <Checkbox checked={field.value === AGREED} onChange={(checked) => field.onChange(checked ? AGREED : '')} data-testid="agree">
        {sentence.before}
        <button type="button" className="app-link-button" onClick={openAgreement} data-testid="agreement-link">
          {sentence.link}
        </button>
        {sentence.after}
      </Checkbox>
      {field.error && (
        <p className="app-field-error" role="alert">
          {field.error}
        </p>
      )}
      {reading && (
        <Suspense fallback={null}>
          <AgreementPopup
            onClose={() => setReading(false)}
            onAgree={() => {
              setReading(false);
              field.onChange(AGREED);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
