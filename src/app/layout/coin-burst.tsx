/** The win burst over the balance coin: small coins fly out and fade, once, over the win animation. */
import type { CSSProperties } from 'react';
import { TIMINGS } from '../../contract/constants.ts';
import { burstCoin } from './currency-bar-styles.ts';

const BURST_COINS = 8;

export function CoinBurst({ color }: { color: string }) {
  return (
    <>
      {Array.from({ length: BURST_COINS }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          data-testid="coin-burst"
          className={burstCoin}
          style={
            {
              background: color,
              '--burst-angle': `${(360 / BURST_COINS) * i}deg`,
              '--burst-delay': `${(i % 3) * 120}ms`,
              '--burst-ms': `${TIMINGS.winAnimationMs - 240}ms`,
            } as CSSProperties
          }
        />
      ))}
    </>
  );
}
