import { ApiError } from '../../api/api-error';
import { showToast } from '../toast';

export interface FieldErrorSplit {
  /** Messages for fields the form shows, by the form's field name. */
  underFields: [string, string][];
  /** Messages for fields the form has no place for. */
  elsewhere: string[];
}

/** Sorts the server's field messages into those shown under a form field and the rest; `rename` maps call field names to form ones. */
export function splitFieldErrors(
  fields: Record<string, string>,
  formFields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): FieldErrorSplit {
  const split: FieldErrorSplit = { underFields: [], elsewhere: [] };
  for (const [name, message] of Object.entries(fields)) {
    const field = rename[name] ?? name;
    if (formFields.includes(field)) split.underFields.push([field, message]);
    else split.elsewhere.push(message);
  }
  return split;
}

/** What showing a call's errors needs of a form. */
export interface ErrorShowingForm {
  values: Record<string, string>;
  setErrors(errors: Record<string, string>): void;
}

export interface ShowCallErrorOptions {
  /** Call field name → form field name, where they differ. */
  rename?: Readonly<Record<string, string>>;
  /** Reasons that are about one field although they come without `fields` (USERNAME_TAKEN → username). */
  reasonFields?: Readonly<Record<string, string>>;
}

/**
 * Shows a failed call of a form (made with `quiet`): field messages under
 * their fields, anything else as a toast. A 401 is left to the client, which
 * already goes to the login page.
 */
export function showCallError(form: ErrorShowingForm, error: unknown, options: ShowCallErrorOptions = {}): void {
  if (!(error instanceof ApiError) || error.status === 401) return;
  const reasonField = options.reasonFields?.[error.reason];
  const fields = reasonField && Object.keys(error.fields).length === 0 ? { [reasonField]: error.mess } : error.fields;
  const { underFields, elsewhere } = splitFieldErrors(fields, Object.keys(form.values), options.rename);
  if (underFields.length > 0) form.setErrors(Object.fromEntries(underFields));
  if (elsewhere.length > 0) showToast(elsewhere.join('\n'));
  else if (underFields.length === 0) showToast(error.mess);
}
