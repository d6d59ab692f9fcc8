import type { Ref, InputHTMLAttributes } from 'react';
import { useFieldIds } from './use-field-ids.ts';
import { cx } from '@linaria/core';
import { control, describedBy, errorText, fieldWrap, hintText, labelText } from './field-styles.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  /** Wire name: also names the error test id `field-error-<name>`. */
  name: string;
  /** React 19: refs are plain props on function components; this one reaches the control. */
  ref?: Ref<HTMLInputElement>;
  error?: string | null;
  hint?: string;
}

/** A labelled input with its hint and error text wired for screen readers. */
export function TextField({ label, name, error, hint, id, className, type, ...rest }: TextFieldProps) {
  const { controlId: inputId, hintId, errorId } = useFieldIds(name, id, hint, error);
  return (
    <div className={cx(fieldWrap, className)}>
      <label htmlFor={inputId} className={labelText}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        type={type ?? 'text'}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...rest}
      />
      {hint ? (
        <p id={hintId ?? undefined} className={hintText}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId ?? undefined} className={errorText} data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
