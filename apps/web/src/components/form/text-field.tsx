import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, errorIdOf } from './field-frame';
import type { FieldBinding } from './use-form';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'>;

interface Props extends NativeInputProps {
  label: string;
  field: FieldBinding;
  description?: string;
  extra?: ReactNode;
  /** A password: hidden, with a button that shows it, for checking it on a phone keyboard. */
  secret?: boolean;
}

/**
 * Free text takes the direction of what is typed, so the punctuation of an
 * Arabic address on an English page, or of a Latin name on an Arabic page,
 * stays where it was typed. Numbers and passwords read left to right in every
 * language.
 */
function directionOf(secret: boolean, inputMode: Props['inputMode']): 'ltr' | 'auto' {
  return secret || inputMode === 'numeric' || inputMode === 'decimal' ? 'ltr' : 'auto';
}

/** A labelled text input bound to a form field, its message under it. */
export function TextField({ label, field, description, extra, secret = false, type = 'text', dir, ...input }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={field.error} description={description} extra={extra}>
      <input
        {...input}
        id={id}
        name={field.name}
        className="app-input"
        type={secret && !shown ? 'password' : secret ? 'text' : type}
        dir={dir ?? directionOf(secret, input.inputMode)}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorIdOf(id) : undefined}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      {secret && (
        <button
          type="button"
          className="app-input-eye"
          onClick={() => setShown((visible) => !visible)}
          aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
          aria-pressed={shown}
        >
          {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      )}
    </FieldFrame>
  );
}
