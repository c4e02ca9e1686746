import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

interface Props {
  label: string;
  field: FieldBinding;
  /** Which saved password the browser offers: the one in use, or a new one to suggest and save. */
  autoComplete: 'current-password' | 'new-password';
  placeholder: string;
}

/** A login password, hidden, with the button that shows it. */
export function PasswordField({ label, field, autoComplete, placeholder }: Props) {
  return <TextField label={label} field={field} secret autoComplete={autoComplete} maxLength={20} placeholder={placeholder} />;
}
