/** Shared look of the purchase dialogs. */
import { css } from '@linaria/core';

export const lead = css`
  margin-bottom: var(--space-3);
`;

export const muted = css`
  color: var(--color-text-muted);
  font-size: 0.9rem;
`;

export const codeLine = css`
  margin: var(--space-2) 0 0;
  color: var(--color-text-muted);
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
`;

export const frame = css`
  display: block;
  width: 100%;
  min-height: 360px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: #fff;
`;

export const frameWrap = css`
  position: relative;
  margin: var(--space-3) 0;
`;

export const frameLoading = css`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  background: var(--color-surface);
  border-radius: var(--radius-md);
`;
