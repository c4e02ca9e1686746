import { useState } from 'react';
import type { Rule } from './rules';

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** What a field component needs from its form. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * The state of a small form: values, one message per field, the checks.
 * A field is checked when it loses focus (once filled in) and all are
 * checked on submit; typing clears the field's message.
 */
export function useForm<Values extends Record<string, string>>(initialValues: Values | (() => Values), rules: { [K in keyof Values]?: Rule<Values> }) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorState] = useState<FieldErrors<Values>>({});

  const setValue = (name: keyof Values, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrorState((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  };

  const setErrors = (fieldErrors: FieldErrors<Values>) => setErrorState((previous) => ({ ...previous, ...fieldErrors }));

  /** Checks the named fields (all with a rule by default), shows what is wrong, and tells whether all passed. */
  const validate = async (names: (keyof Values)[] = Object.keys(rules)): Promise<boolean> => {
    const found: FieldErrors<Values> = {};
    await Promise.all(
      names.map(async (name) => {
        found[name] = await rules[name]?.(values[name] ?? '', values);
      }),
    );
    setErrors(found);
    return names.every((name) => !found[name]);
  };

  const field = (name: keyof Values & string): FieldBinding => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value) => setValue(name, value),
    onBlur: () => {
      if (values[name]) void validate([name]);
    },
  });

  return { values, errors, field, setValue, setErrors, validate };
}

export type FormState<Values extends Record<string, string>> = ReturnType<typeof useForm<Values>>;
