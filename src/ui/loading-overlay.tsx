import { useEffect, useState } from 'react';
import { css } from '@linaria/core';
import { TIMINGS } from '../contract/constants.ts';
import { CrownMark } from './logo.tsx';

const overlay = css`
  position: fixed;
  inset: 0;
  z-index: 2000;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--space-4);
  background: var(--color-overlay);
  backdrop-filter: blur(3px);
  color: var(--color-text);
  font-weight: 700;
  font-size: 1.1rem;
  text-align: center;
  padding: var(--space-4);
`;

const pulse = css`
  animation: lc-pulse 1.2s ease-in-out infinite;
  @keyframes lc-pulse {
    0%,
    100% {
      transform: scale(1);
      opacity: 1;
    }
    50% {
      transform: scale(1.08);
      opacity: 0.8;
    }
  }
`;

/**
 * Full-screen overlay with the logo and a text (spec section 2). It appears only after a 50 ms
 * debounce so quick operations do not flash it.
 */
export function LoadingOverlay({
  text,
  debounceMs = TIMINGS.loadingOverlayDebounceMs,
}: {
  text: string | null;
  debounceMs?: number;
}) {
  // Each showing mounts afresh, so it waits out the debounce again after the overlay was hidden.
  return text === null ? null : <DebouncedOverlay text={text} debounceMs={debounceMs} />;
}

function DebouncedOverlay({ text, debounceMs }: { text: string; debounceMs: number }) {
  // A new text replaces the shown one after the same debounce.
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setShown(text), debounceMs);
    return () => clearTimeout(t);
  }, [text, debounceMs]);
  if (shown === null) return null;
  return (
    <div className={overlay} data-testid="loading-overlay" role="status" aria-live="assertive">
      <span className={pulse}>
        <CrownMark size={72} />
      </span>
      <span>{shown}</span>
    </div>
  );
}
