/** Shared look of form fields (text, select, checkbox) so every form reads the same. */
import { css } from '@linaria/core';

export const fieldWrap = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  margin-bottom: var(--space-4);
  min-width: 0;
`;

export const labelText = css`
  font-weight: 600;
  font-size: 0.95rem;
`;

export const control = css`
  width: 100%;
  min-height: 44px;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  border: 1px solid var(--color-border);
  background: #110e26;
  color: var(--color-text);
  font-size: 1rem;

  &::placeholder {
    color: #8e88b3;
  }
  &:hover {
    border-color: #5d55a0;
  }
  &:focus-visible {
    outline: 3px solid var(--color-focus);
    outline-offset: 1px;
    border-color: var(--color-focus);
  }
  &[aria-invalid='true'] {
    border-color: var(--color-danger);
  }
  &:disabled {
    opacity: 0.6;
  }
`;

export const hintText = css`
  margin: 0;
  font-size: 0.85rem;
  color: var(--color-text-muted);
`;

export const errorText = css`
  margin: 0;
  font-size: 0.875rem;
  color: var(--color-danger);
  font-weight: 600;
`;

/** aria-describedby value from the ids that are present. */
export const describedBy = (...ids: (string | false | null | undefined)[]): string | undefined => {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
};
