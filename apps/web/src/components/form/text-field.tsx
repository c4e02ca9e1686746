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

/** A labelled text input bound to a form field, its message under it. */
export function TextField({ label, field, description, extra, secret = false, type = 'text', ...input }: Props) {
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
