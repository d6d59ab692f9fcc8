/**
 * The review widget's styles, shared by its reserved box (review-widget.tsx, in the entry, so the
 * rules are inlined with the first paint's styles) and its figures (review-figures.tsx).
 */
import { css } from '@linaria/core';

export const box = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  /* Reserved from the first render: the figures never move what is below. */
  height: 64px;
  box-sizing: border-box;
  padding: 0 var(--space-3);
  margin: 0 0 var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  overflow: hidden;
  & a {
    color: var(--color-text);
    text-decoration: none;
    display: flex;
    flex-direction: column;
    justify-content: center;
    min-height: 44px;
  }
  & a:hover,
  & a:focus-visible {
    color: var(--color-gold);
    text-decoration: underline;
  }
`;
export const stars = css`
  position: relative;
  display: inline-block;
  flex: none;
  font-size: 1.1rem;
  line-height: 1;
  letter-spacing: 1px;
  color: var(--color-border);
  & span {
    position: absolute;
    inset: 0 auto 0 0;
    overflow: hidden;
    white-space: nowrap;
    color: var(--color-gold);
  }
`;
/* Up to two lines at 360 px, inside the box's fixed height with the line below it. */
export const line = css`
  font-size: 0.85rem;
  line-height: 1.25;
`;
export const muted = css`
  color: var(--color-text-muted);
  font-size: 0.8rem;
`;
