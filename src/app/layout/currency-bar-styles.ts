/** Styles of the signed-in currency bar (switch, balance, coin, buy link, Sweeps tip). */
import { css } from '@linaria/core';

export const barClass = css`
  display: flex;
  align-items: center;
  gap: var(--space-1);
  min-width: 0;
  padding: 2px 2px 2px var(--space-1);
  border-radius: 999px;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
`;

export const switchClass = css`
  position: relative;
  flex: none;
  width: 58px;
  height: 32px;
  padding: 0;
  border-radius: 999px;
  border: 1px solid var(--color-border);
  background: #110e26;
  cursor: pointer;
  font-size: 0.7rem;
  font-weight: 800;
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;
export const switchLabels = css`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 7px;
  color: var(--color-text-muted);
`;
export const knob = css`
  position: absolute;
  top: 2px;
  left: 2px;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  color: #1b1535;
  background: var(--color-gold);
  transition: transform 0.2s;
`;
export const knobSweeps = css`
  transform: translateX(24px);
  background: var(--color-sweeps);
`;

export const amountWrap = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  padding: 0 var(--space-1);
`;
export const amountClass = css`
  min-width: 0;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  font-size: 0.95rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;
export const inGameClass = css`
  font-size: 0.8rem;
  letter-spacing: 0.04em;
  color: var(--color-text-muted);
`;
export const placeholder = css`
  display: inline-block;
  width: 56px;
  height: 0.9rem;
  border-radius: 4px;
  background: var(--color-surface-2);
`;
export const coinWrap = css`
  position: relative;
  flex: none;
  width: 16px;
  height: 16px;
`;
export const coin = css`
  display: block;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  box-shadow: inset 0 -2px 0 rgba(0, 0, 0, 0.25);
`;
export const coinPulse = css`
  animation: lc-coin-pulse 0.3s ease-in-out 4;
  @keyframes lc-coin-pulse {
    50% {
      transform: scale(1.3);
    }
  }
`;
export const countingUp = css`
  color: var(--color-gold);
`;
/** The win burst: small coins fly out of the balance coin and fade, once, over ~1.2 s. */
export const burstCoin = css`
  position: absolute;
  left: 4px;
  top: 4px;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  pointer-events: none;
  box-shadow: inset 0 -1px 0 rgba(0, 0, 0, 0.3);
  opacity: 0;
  animation: lc-coin-burst var(--burst-ms) ease-out var(--burst-delay) 1 both;
  @keyframes lc-coin-burst {
    0% {
      opacity: 1;
      transform: rotate(var(--burst-angle)) translateY(0) scale(0.6);
    }
    60% {
      opacity: 1;
    }
    100% {
      opacity: 0;
      transform: rotate(var(--burst-angle)) translateY(-26px) scale(1);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    display: none;
  }
`;

export const plus = css`
  flex: none;
  display: grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border-radius: 50%;
  background: var(--color-primary);
  color: var(--color-primary-contrast);
  font-weight: 900;
  font-size: 1.2rem;
  line-height: 1;
  text-decoration: none;
  &:hover {
    background: var(--color-primary-hover);
    color: var(--color-primary-contrast);
  }
`;

export const tipButton = css`
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 1px solid var(--color-sweeps);
  background: transparent;
  color: var(--color-sweeps);
  font-weight: 800;
  font-family: Georgia, serif;
  cursor: pointer;
  padding: 0;
`;
