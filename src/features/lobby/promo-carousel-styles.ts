/**
 * The carousel's box, shared by the reserved slot (lobby first render) and the carousel itself
 * (loaded after first paint): the same aspect ratio and controls height, so swapping one for the
 * other moves nothing on the page.
 */
import { css } from '@linaria/core';

export const carouselFrame = css`
  margin: 0 0 var(--space-4);
`;

export const carouselViewport = css`
  position: relative;
  aspect-ratio: 16 / 9;
  border-radius: var(--radius-lg);
  overflow: hidden;
  background: var(--color-surface-2);
  border: 1px solid var(--color-border);
  @media (min-width: 720px) {
    aspect-ratio: 3 / 1;
  }
`;

export const carouselControls = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  height: 48px;
  margin-top: var(--space-2);
`;
