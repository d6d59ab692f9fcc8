import { css, cx } from '@linaria/core';
import { PRODUCT_NAME } from '../contract/constants.ts';

const wrap = css`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  font-family: var(--font-display);
  font-weight: 800;
  letter-spacing: 0.02em;
  color: var(--color-text);
  white-space: nowrap;
`;
const word = css`
  font-size: 1.1rem;
  & b {
    color: var(--color-gold);
    font-weight: 800;
  }
`;

/** The crown mark, drawn inline so it needs no request and scales crisply. */
export function CrownMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="lc-crown-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe48a" />
          <stop offset="1" stopColor="#e0a21a" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="31" fill="#2a2552" stroke="#f5c84c" strokeWidth="2" />
      <path
        d="M14 42 L12 22 L23 31 L32 16 L41 31 L52 22 L50 42 Z"
        fill="url(#lc-crown-gold)"
        stroke="#8a5a00"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect
        x="14"
        y="43"
        width="36"
        height="6"
        rx="2"
        fill="url(#lc-crown-gold)"
        stroke="#8a5a00"
        strokeWidth="1.5"
      />
      <circle cx="32" cy="34" r="3.2" fill="#3ee0a1" />
      <circle cx="22" cy="37" r="2.2" fill="#ff7b9b" />
      <circle cx="42" cy="37" r="2.2" fill="#8fb8ff" />
    </svg>
  );
}

/** Logo: crown mark plus the product name (the name is real text for screen readers). */
export function Logo({
  size = 32,
  showName = true,
  className,
}: {
  size?: number;
  showName?: boolean;
  className?: string;
}) {
  const [first, ...rest] = PRODUCT_NAME.split(' ');
  return (
    <span className={cx(wrap, className)}>
      <CrownMark size={size} />
      {showName ? (
        <span className={word}>
          {first} <b>{rest.join(' ')}</b>
        </span>
      ) : (
        <span className="visually-hidden">{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
