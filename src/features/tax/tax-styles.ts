/** Shared look of the W-9 page and dialogs. */
import { css } from '@linaria/core';
import { visuallyHiddenRules } from '../../ui/visually-hidden.ts';

/** A polite live region, out of sight, that reads the form's current messages to screen readers. */
export const announcer = css`
  ${visuallyHiddenRules}
`;

export const muted = css`
  color: var(--color-text-muted);
`;
