import { css } from '@linaria/core';

export const cardList = css`
  list-style: none;
  margin: 0 0 var(--space-4);
  padding: 0;
  display: grid;
  gap: var(--space-2);
`;
export const cardRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2) var(--space-3);
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
`;
export const cardInfo = css`
  flex: 1 1 180px;
  min-width: 0;
  & strong {
    display: block;
  }
  & small {
    color: var(--color-text-muted);
  }
`;
export const rowActions = css`
  display: flex;
  gap: var(--space-2);
  flex-wrap: wrap;
`;
export const badge = css`
  display: inline-block;
  margin-left: var(--space-2);
  padding: 0 var(--space-2);
  border-radius: 999px;
  border: 1px solid var(--color-gold);
  color: var(--color-gold);
  font-size: 0.75rem;
  font-weight: 700;
`;
export const stack = css`
  display: grid;
  gap: var(--space-2);
`;
export const center = css`
  display: flex;
  justify-content: center;
  padding: var(--space-5);
`;
