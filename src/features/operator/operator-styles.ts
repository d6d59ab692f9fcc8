/** Layout of the operator console: one column at 360 px, rows that wrap, visible focus. */
import { css } from '@linaria/core';

export const consolePage = css`
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: var(--space-4) var(--space-3) var(--space-6);
`;

export const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  align-items: center;
  justify-content: space-between;
  margin-bottom: var(--space-3);
`;

export const sectionNav = css`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
    list-style: none;
    margin: 0 0 var(--space-4);
    padding: 0;
  }
  a {
    display: inline-block;
    padding: var(--space-2) var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: var(--radius-sm);
    color: var(--color-text);
    text-decoration: none;
  }
  a:focus-visible {
    outline: 3px solid var(--color-focus);
  }
`;

export const panel = css`
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  padding: var(--space-4) var(--space-3);
  margin-bottom: var(--space-4);
  h2 {
    margin-top: 0;
    font-size: 1.25rem;
  }
  h2:focus {
    outline: none;
  }
`;

export const formRow = css`
  display: grid;
  gap: var(--space-2);
  grid-template-columns: 1fr;
  @media (min-width: 600px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  margin-top: var(--space-2);
`;

export const list = css`
  list-style: none;
  margin: var(--space-3) 0 0;
  padding: 0;
  li {
    border-top: 1px solid var(--color-border);
    padding: var(--space-3) 0;
    overflow-wrap: anywhere;
  }
`;

export const muted = css`
  color: var(--color-text-muted);
  font-size: 0.9rem;
  margin: var(--space-1) 0;
`;

export const notice = css`
  margin: 0 0 var(--space-3);
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  border: 1px solid var(--color-success);
  background: var(--color-success-bg);
  overflow-wrap: anywhere;
  &:empty {
    display: none;
  }
`;

export const valueBox = css`
  width: 100%;
  min-height: 6rem;
  font: inherit;
  font-family: ui-monospace, monospace;
  padding: var(--space-2);
  background: var(--color-surface-2);
  color: var(--color-text);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-sm);
  &:focus-visible {
    outline: 3px solid var(--color-focus);
  }
`;
