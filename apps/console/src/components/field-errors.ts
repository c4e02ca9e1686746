import type { FormInstance } from 'antd';
import { isApiError } from '../api/api-error';

/** "rechargeChannels.0.name" → ['rechargeChannels', 0, 'name'], as a form names its fields. */
const namePathOf = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Puts messages (field path → text) under the fields they name. */
export function setFieldMessages(form: FormInstance, messages: Record<string, string>): void {
  form.setFields(Object.entries(messages).map(([field, message]) => ({ name: namePathOf(field), errors: [message] })));
}

/** Puts the server's VALIDATION messages under their fields. */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (isApiError(error)) setFieldMessages(form, error.fields);
}
