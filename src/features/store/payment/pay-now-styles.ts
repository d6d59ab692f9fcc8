/** Styles of the pay-now page: payment method options, total, small print. */
import { css } from '@linaria/core';

export const methods = css`
  border: 0;
  margin: 0 0 var(--space-3);
  padding: 0;
  min-width: 0;
  & legend {
    font-weight: 700;
    font-size: 1.05rem;
    margin-bottom: var(--space-2);
    padding: 0;
  }
`;
export const option = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  min-height: 52px;
  padding: var(--space-2) var(--space-3);
  margin-bottom: var(--space-2);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  cursor: pointer;
  & input {
    width: 20px;
    height: 20px;
    accent-color: var(--color-gold);
    flex: none;
  }
  &:has(input:checked) {
    border-color: var(--color-gold);
  }
  &:has(input:focus-visible) {
    outline: 3px solid var(--color-focus);
    outline-offset: 2px;
  }
`;
export const optionText = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0 var(--space-2);
  & small {
    color: var(--color-text-muted);
  }
`;
export const badge = css`
  padding: 0 var(--space-2);
  border-radius: 999px;
  border: 1px solid var(--color-gold);
  color: var(--color-gold);
  font-size: 0.75rem;
  font-weight: 700;
`;
export const total = css`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin: var(--space-3) 0;
  font-size: 1.15rem;
  font-weight: 800;
`;
export const fine = css`
  color: var(--color-text-muted);
  font-size: 0.85rem;
  margin-top: var(--space-3);
`;
export const manageLink = css`
  display: inline-block;
  margin-bottom: var(--space-3);
`;
export const center = css`
  display: flex;
  justify-content: center;
  padding: var(--space-5);
`;
export const section = css`
  margin-bottom: var(--space-3);
`;
