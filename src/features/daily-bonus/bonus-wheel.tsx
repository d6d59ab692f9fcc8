/**
 * The Daily Bonus wheel: 8 equal segments in pay table order, clockwise from the top, under a
 * fixed pointer. When the server's answer names a segment, the wheel turns five times and stops
 * with that segment under the pointer; with reduced motion it is shown there at once. The drawing
 * is decoration (aria-hidden): the page lists the prizes and announces the result in words.
 */
import { useEffect, useRef } from 'react';
import { css } from '@linaria/core';
import { DAILY_BONUS_SEGMENTS } from '../../contract/daily-bonus.ts';

/** How long the wheel turns before it stops on the prize. */
export const WHEEL_SPIN_MS = 3_600;
const SEGMENT_DEG = 360 / DAILY_BONUS_SEGMENTS;
const FULL_TURNS = 5;
const R = 96;

const wrap = css`
  position: relative;
  width: min(78vw, 280px);
  aspect-ratio: 1;
  margin: 0 auto var(--space-4);
`;
/* Clips the turning disc: a rotated square would otherwise widen the page. */
const clip = css`
  width: 100%;
  height: 100%;
  border-radius: 50%;
  overflow: hidden;
  box-shadow:
    0 0 0 4px var(--color-gold),
    0 6px 18px rgb(0 0 0 / 45%);
`;
const disc = css`
  width: 100%;
  height: 100%;
  display: block;
`;
const pointer = css`
  position: absolute;
  top: -6px;
  left: 50%;
  transform: translateX(-50%);
  width: 0;
  height: 0;
  border-left: 12px solid transparent;
  border-right: 12px solid transparent;
  border-top: 22px solid var(--color-danger);
  filter: drop-shadow(0 1px 1px rgb(0 0 0 / 40%));
`;
const turning = css`
  /* WHEEL_SPIN_MS */
  transition: transform 3600ms cubic-bezier(0.15, 0.7, 0.1, 1);
`;

/**
 * The wheel angle that puts `segment`'s middle under the pointer on spin number `spinId`: each
 * spin adds five full turns, so the wheel always turns forward to its next stop.
 */
export function landingRotation(spinId: number, segment: number): number {
  return spinId * FULL_TURNS * 360 + (360 - (segment + 0.5) * SEGMENT_DEG);
}

const point = (deg: number, r: number): [number, number] => {
  const rad = (deg * Math.PI) / 180;
  return [100 + r * Math.sin(rad), 100 - r * Math.cos(rad)];
};

/** Short label for a segment's Gold prize: 950, 1.2K, 6K. */
const shortGold = (n: number): string =>
  n >= 1000 ? `${(n / 1000).toFixed(n % 1000 === 0 ? 0 : 1).replace(/\.0$/, '')}K` : String(n);

export interface BonusWheelProps {
  /** Gold prizes of the 8 segments (the row of the streak day shown). */
  goldPrizes: readonly number[];
  /** The segment to land on; null while idle. Changing spinId starts a new landing. */
  landOn: number | null;
  spinId: number;
  reducedMotion: boolean;
  onStopped: () => void;
}

export function BonusWheel({ goldPrizes, landOn, spinId, reducedMotion, onStopped }: BonusWheelProps) {
  const rotation = landOn === null ? 0 : landingRotation(spinId, landOn);
  const stopped = useRef(onStopped);
  useEffect(() => {
    stopped.current = onStopped;
  }, [onStopped]);

  useEffect(() => {
    if (landOn === null) return;
    const timer = setTimeout(() => stopped.current(), reducedMotion ? 0 : WHEEL_SPIN_MS);
    return () => clearTimeout(timer);
  }, [landOn, spinId, reducedMotion]);

  return (
    <div className={wrap} aria-hidden="true" data-testid="daily-bonus-wheel" data-rotation={rotation}>
      <div className={clip}>
        <svg
          viewBox="0 0 200 200"
          className={`${disc}${reducedMotion ? '' : ` ${turning}`}`}
          style={{ transform: `rotate(${String(rotation)}deg)` }}
        >
          {goldPrizes.map((gold, i) => {
            const [x0, y0] = point(i * SEGMENT_DEG, R);
            const [x1, y1] = point((i + 1) * SEGMENT_DEG, R);
            const [tx, ty] = point((i + 0.5) * SEGMENT_DEG, R * 0.66);
            const fill = i % 2 === 0 ? 'var(--color-gold)' : 'var(--color-surface-2)';
            const ink = i % 2 === 0 ? 'var(--color-primary-contrast)' : 'var(--color-text)';
            return (
              <g key={i}>
                <path
                  d={`M100 100 L${x0.toFixed(2)} ${y0.toFixed(2)} A${R} ${R} 0 0 1 ${x1.toFixed(2)} ${y1.toFixed(2)} Z`}
                  fill={fill}
                  stroke="var(--color-surface)"
                  strokeWidth="1.5"
                />
                <text
                  x={tx}
                  y={ty}
                  fill={ink}
                  fontSize="15"
                  fontWeight="700"
                  textAnchor="middle"
                  dominantBaseline="middle"
                  transform={`rotate(${String((i + 0.5) * SEGMENT_DEG)} ${tx.toFixed(2)} ${ty.toFixed(2)})`}
                >
                  {shortGold(gold)}
                </text>
              </g>
            );
          })}
          <circle cx="100" cy="100" r="14" fill="var(--color-surface)" stroke="var(--color-border)" />
        </svg>
      </div>
      <span className={pointer} />
    </div>
  );
}
