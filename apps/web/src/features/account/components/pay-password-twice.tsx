import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../../../components/form/use-form';
import { LazyNumberKeyboard, PAY_PASSWORD_LENGTH, usePreloadedNumberKeyboard } from '../../../components/form/pay-password-input';

type Step = 'first' | 'second' | 'done';

/**
 * The new payment password, typed twice on the number keyboard: two steps,
 * announced as such. The field's value is the password once both entries
 * match, else empty; only entries that differ are an error.
 */
export function PayPasswordTwice({ field }: { field: FieldBinding }) {
  const { t } = useTranslation();
  const input = useRef<PasscodeInputRef>(null);
  const [step, setStep] = useState<Step>(field.value ? 'done' : 'first');
  const [first, setFirst] = useState('');
  const [entry, setEntry] = useState('');
  const [mismatch, setMismatch] = useState(false);

  usePreloadedNumberKeyboard();

  const fill = (value: string) => {
    if (step === 'first') {
      setFirst(value);
      setEntry('');
      setStep('second');
      return;
    }
    if (step !== 'second') return;
    if (value === first) {
      setStep('done');
      field.onChange(value);
      input.current?.blur();
    } else {
      setMismatch(true);
      setFirst('');
      setEntry('');
      setStep('first');
    }
  };

  const restart = () => {
    setFirst('');
    setEntry('');
    setMismatch(false);
    setStep('first');
    field.onChange('');
    input.current?.focus();
  };

  const prompt = t(step === 'second' ? 'payPassword.enterAgain' : 'payPassword.enterNew');
  // Halfway through, the form's "enter it twice" is no error: the second step is already asking for it.
  const error = mismatch ? t('payPassword.differ') : step === 'first' ? field.error : undefined;
  const halfway = step === 'second' && Boolean(field.error);

  useEffect(() => {
    if (halfway) input.current?.focus();
  }, [halfway]);

  return (
    <div className={error ? 'app-field app-field-invalid' : 'app-field'} data-testid="pay-password-twice">
      <p className="app-field-label">{t('payPassword.new')}</p>
      {step === 'done' ? (
        <p className="app-passcode-done">
          <CheckCircleFill aria-hidden="true" /> {t('payPassword.confirmed')}{' '}
          <button type="button" className="app-link-button" onClick={restart} data-testid="pay-password-restart">
            {t('payPassword.restart')}
          </button>
        </p>
      ) : (
        <>
          <p className="app-passcode-step" aria-live="polite" data-testid="pay-password-step">
            {prompt}
          </p>
          {/* Digits of a code are typed left to right in every language. */}
          <div dir="ltr" className="app-passcode-box">
            <PasscodeInput
              ref={input}
              value={entry}
              onChange={(value) => {
                setEntry(value);
                if (value) setMismatch(false);
              }}
              onFill={fill}
              length={PAY_PASSWORD_LENGTH}
              seperated
              error={Boolean(error)}
              keyboard={<LazyNumberKeyboard />}
              aria-label={prompt}
              className="app-passcode"
              data-testid={`pay-password-${step}`}
            />
          </div>
        </>
      )}
      {error && (
        <p className="app-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
