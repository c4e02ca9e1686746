import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import type { NumberKeyboardProps } from 'antd-mobile/es/components/number-keyboard';
import { Suspense, lazy, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { FieldBinding } from './use-form';

const loadKeyboard = () => import('antd-mobile/es/components/number-keyboard');
const NumberKeyboard = lazy(loadKeyboard);

/** The keyboard slides up in a popup: it is downloaded beside the page, not with it. */
export function LazyNumberKeyboard(props: NumberKeyboardProps) {
  return (
    <Suspense fallback={null}>
      <NumberKeyboard {...props} />
    </Suspense>
  );
}

/** Starts downloading the keyboard as the page opens, so it is there by the first tap. */
export function usePreloadedNumberKeyboard(): void {
  useEffect(() => {
    loadKeyboard().catch(() => {
      // offline: the page's own banner says so; the keyboard loads on the next try
    });
  }, []);
}

export const PAY_PASSWORD_LENGTH = 6;

export interface PayPasswordInputHandle {
  /** Empties the boxes and opens the keyboard again, after a wrong password. */
  clearAndFocus(): void;
}

interface Props {
  field: FieldBinding;
  label: string;
  hint: string;
  testId: string;
  ref?: Ref<PayPasswordInputHandle>;
}

/** The 6-digit payment password on the app's number keyboard; the keyboard closes once six digits are in. */
export function PayPasswordInput({ field, label, hint, testId, ref }: Props) {
  const input = useRef<PasscodeInputRef>(null);
  const boxes = useRef<HTMLDivElement>(null);
  const [typing, setTyping] = useState(false);

  // The keyboard slides over the lower part of the screen: the boxes move up above it.
  useEffect(() => {
    if (typing) boxes.current?.scrollIntoView({ block: 'center' });
  }, [typing]);

  usePreloadedNumberKeyboard();

  useImperativeHandle(ref, () => ({
    clearAndFocus() {
      field.onChange('');
      input.current?.focus();
    },
  }));

  return (
    <div className={field.error ? 'app-field app-field-invalid' : 'app-field'}>
      <p className="app-field-label">{label}</p>
      {/* Above the boxes, so the keyboard under them never hides what is wrong. */}
      {field.error ? (
        <p className="app-field-error app-passcode-error" role="alert">
          {field.error}
        </p>
      ) : (
        <p className="app-field-description">{hint}</p>
      )}
      {/* Digits of a code are typed left to right in every language. */}
      <div dir="ltr" className="app-passcode-box" ref={boxes}>
        <PasscodeInput
          ref={input}
          value={field.value}
          onChange={field.onChange}
          onFocus={() => setTyping(true)}
          onBlur={() => setTyping(false)}
          onFill={() => input.current?.blur()}
          length={PAY_PASSWORD_LENGTH}
          seperated
          error={Boolean(field.error)}
          keyboard={<LazyNumberKeyboard />}
          aria-label={label}
          className="app-passcode"
          data-testid={testId}
        />
      </div>
      {/* Room for the keyboard, so the page can scroll the boxes above it. */}
      {typing && <div className="app-keyboard-room" aria-hidden="true" />}
    </div>
  );
}
