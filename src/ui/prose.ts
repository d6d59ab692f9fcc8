/**
 * Typography of long-form content pages (corporate, about, promotions, policies, help texts).
 * Lives with the features because only pages use it; a candidate to move into src/ui.
 */
import { css } from '@linaria/core';

export const prose = css`
  max-width: 68ch;
  color: var(--color-text);

  & h2 {
    margin-top: var(--space-5);
  }
  & h3 {
    margin-top: var(--space-4);
  }
  & > :first-child {
    margin-top: 0;
  }
  & ul,
  & ol {
    margin: 0 0 var(--space-3);
    padding-left: var(--space-5);
  }
  & li {
    margin-bottom: var(--space-2);
  }
  & li::marker {
    color: var(--color-gold);
  }
  & strong {
    color: var(--color-text);
  }
`;

/** A short, muted line under a page title (dates, bylines). */
export const lede = css`
  color: var(--color-text-muted);
  font-size: 1.05rem;
  margin-bottom: var(--space-4);
`;

export const muted = css`
  color: var(--color-text-muted);
`;

/** Buttons/links in a row that wraps on a phone. */
export const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
  margin: var(--space-4) 0;
  & > * {
    flex: 1 1 160px;
  }
`;

/** A list of links to sibling pages ("More about Lucky Crown"). */
export const linkList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-2);

  & a {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-2);
    min-height: 44px;
    padding: var(--space-2) var(--space-3);
    border-radius: var(--radius-md);
    background: var(--color-surface-2);
    border: 1px solid var(--color-border);
    color: var(--color-text);
    text-decoration: none;
    font-weight: 600;
  }
  & a:hover {
    border-color: var(--color-gold);
    color: var(--color-text);
  }
  & a::after {
    content: '›';
    color: var(--color-gold);
    font-size: 1.3rem;
    line-height: 1;
  }
  & a[aria-current='page'] {
    border-color: var(--color-gold);
  }
`;
