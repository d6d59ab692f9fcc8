import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { store } from '../../state/store.ts';
import { CURRENCY_LABELS } from '../../contract/money.ts';

const overlay = css`
  position: fixed;
  inset: 0;
  z-index: 1500;
  display: grid;
  place-items: center;
  background: var(--color-overlay);
  backdrop-filter: blur(4px);
`;
const badge = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--space-3);
  padding: var(--space-5) var(--space-6);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  box-shadow: var(--shadow-2);
  font-weight: 800;
  font-size: 1.15rem;
  text-align: center;
`;
const coin = css`
  width: 56px;
  height: 56px;
  border-radius: 50%;
  box-shadow: inset 0 -4px 0 rgba(0, 0, 0, 0.25);
  animation: lc-flip 0.75s ease-in-out infinite;
  @keyframes lc-flip {
    50% {
      transform: rotateY(180deg);
    }
  }
`;

/** "Switching to ..." for the ~1.5 s of a currency switch (spec section 2). */
export function SwitchingOverlay() {
  const { switching } = useSnapshot(store.currency);
  if (!switching) return null;
  return (
    <div className={overlay} data-testid="switching-overlay" role="status" aria-live="assertive">
      <div className={badge}>
        <span
          className={coin}
          style={{ background: switching === 'gold' ? 'var(--color-gold)' : 'var(--color-sweeps)' }}
          aria-hidden="true"
        />
        <span>Switching to {CURRENCY_LABELS[switching].name}</span>
      </div>
    </div>
  );
}
