import { css } from '@linaria/core';

const box = css`
  margin: 0 0 var(--space-4);
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-sm);
  border: 1px solid var(--color-danger);
  background: var(--color-danger-bg);
  color: var(--color-text);
  font-weight: 600;
`;

/** Form-level error (not tied to one field). Renders nothing without a message. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid="form-error" className={box}>
      {message}
    </p>
  );
}
