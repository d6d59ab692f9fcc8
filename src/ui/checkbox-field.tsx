import type { Ref, InputHTMLAttributes, ReactNode } from 'react';
import { useFieldIds } from './use-field-ids.ts';
import { css, cx } from '@linaria/core';
import { describedBy, errorText, fieldWrap } from './field-styles.ts';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'> {
  label: ReactNode;
  name: string;
  /** React 19: refs are plain props on function components; this one reaches the control. */
  ref?: Ref<HTMLInputElement>;
  error?: string | null;
}

const row = css`
  display: flex;
  align-items: flex-start;
  gap: var(--space-3);
  cursor: pointer;
  font-size: 0.95rem;
`;

const box = css`
  flex: none;
  width: 22px;
  height: 22px;
  margin: 1px 0 0;
  accent-color: var(--color-gold);
  cursor: pointer;
  &[aria-invalid='true'] {
    outline: 2px solid var(--color-danger);
    outline-offset: 1px;
  }
`;

export function CheckboxField({ label, name, error, id, className, ...rest }: CheckboxFieldProps) {
  const { controlId: inputId, errorId } = useFieldIds(name, id, undefined, error);
  return (
    <div className={cx(fieldWrap, className)}>
      <label htmlFor={inputId} className={row}>
        <input
          id={inputId}
          name={name}
          type="checkbox"
          className={box}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errorId)}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={errorId ?? undefined} className={errorText} data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
