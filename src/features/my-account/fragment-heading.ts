/** Headings that URL fragments lead to: clear of the sticky header when scrolled to, no focus ring for programmatic focus. */
import { css } from '@linaria/core';

export const fragmentHeading = css`
  scroll-margin-top: calc(var(--header-height) + env(safe-area-inset-top) + var(--space-3));
  &:focus {
    outline: none;
  }
`;
