import { css, cx } from '@linaria/core';

const wrap = css`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  color: var(--color-text-muted);
`;

const ring = css`
  width: 1.25em;
  height: 1.25em;
  border-radius: 50%;
  border: 3px solid var(--color-surface-2);
  border-top-color: var(--color-gold);
  animation: lc-spin 0.8s linear infinite;
  flex: none;

  @keyframes lc-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;

export interface SpinnerProps {
  /** Read by screen readers; shown next to the ring unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  className?: string;
}

/** A busy indicator with an accessible status text. */
export function Spinner({ label, hideLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={cx(wrap, className)}>
      <span className={ring} aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : undefined}>{label}</span>
    </span>
  );
}
