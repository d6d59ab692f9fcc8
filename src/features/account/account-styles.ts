import { css } from '@linaria/core';

export const backRow = css`
  margin: var(--space-4) 0 0;
  text-align: center;
`;
export const muted = css`
  color: var(--color-text-muted);
`;
