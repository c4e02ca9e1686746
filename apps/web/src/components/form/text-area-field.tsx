import { characterCount } from '@wallet/contract/core';
import { useId } from 'react';
import { FieldFrame, errorIdOf } from './field-frame';
import type { FieldBinding } from './use-form';

/** The text cut to `max` characters as people count them (an emoji is one), never in the middle of one. */
export function clampCharacters(text: string, max: number): string {
  const characters = [...text];
  return characters.length > max ? characters.slice(0, max).join('') : text;
}

interface Props {
  label: string;
  field: FieldBinding;
  /** The most characters it takes; the count under it shows how many are used. */
  maxCharacters: number;
  placeholder?: string;
  rows?: number;
  testId?: string;
}

/** A labelled text area bound to a form field, with a live count of its characters. */
export function TextAreaField({ label, field, maxCharacters, placeholder, rows = 5, testId }: Props) {
  const id = useId();
  const countId = `${id}-count`;
  return (
    <FieldFrame id={id} label={label} error={field.error}>
      <div className="app-textarea-box">
        <textarea
          id={id}
          name={field.name}
          className="app-input app-textarea"
          dir="auto"
          rows={rows}
          value={field.value}
          placeholder={placeholder}
          onChange={(event) => field.onChange(clampCharacters(event.target.value, maxCharacters))}
          onBlur={field.onBlur}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.error ? `${countId} ${errorIdOf(id)}` : countId}
          data-testid={testId}
        />
        <span id={countId} className="app-textarea-count" dir="ltr" data-testid={testId && `${testId}-count`}>
          {characterCount(field.value)}/{maxCharacters}
        </span>
      </div>
    </FieldFrame>
  );
}
