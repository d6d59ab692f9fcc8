import type { Ref, SelectHTMLAttributes } from 'react';
import { useFieldIds } from './use-field-ids.ts';
import { css, cx } from '@linaria/core';
import { control, describedBy, errorText, fieldWrap, hintText, labelText } from './field-styles.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  label: string;
  name: string;
  /** React 19: refs are plain props on function components; this one reaches the control. */
  ref?: Ref<HTMLSelectElement>;
  error?: string | null;
  hint?: string;
  options: readonly SelectOption[];
  /** First, empty option (value ""), e.g. "Month". */
  placeholder?: string;
}

const select = css`
  appearance: none;
  padding-right: var(--space-6);
  background-image:
    linear-gradient(45deg, transparent 50%, var(--color-text-muted) 50%),
    linear-gradient(135deg, var(--color-text-muted) 50%, transparent 50%);
  background-position:
    calc(100% - 18px) 50%,
    calc(100% - 12px) 50%;
  background-size: 6px 6px;
  background-repeat: no-repeat;
`;

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  placeholder,
  id,
  className,
  ...rest
}: SelectFieldProps) {
  const { controlId: selectId, hintId, errorId } = useFieldIds(name, id, hint, error);
  return (
    <div className={cx(fieldWrap, className)}>
      <label htmlFor={selectId} className={labelText}>
        {label}
      </label>
      <select
        id={selectId}
        name={name}
        className={cx(control, select)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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
