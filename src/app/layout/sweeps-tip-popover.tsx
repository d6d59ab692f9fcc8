/** The Sweeps info tip's popover (floating-ui), loaded on first open to keep the entry small. */
import { useId } from 'react';
import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { store } from '../../state/store.ts';
import { redemptionValueUsd, unplayedSweeps } from '../../state/balances-derived.ts';
import { formatAmount, formatUsd } from '../../contract/money.ts';
import type { Balances } from '../../contract/schemas.ts';

const panel = css`
  z-index: 300;
  width: min(300px, calc(100vw - 24px));
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  border: 1px solid var(--color-sweeps);
  box-shadow: var(--shadow-2);
  font-size: 0.9rem;
  color: var(--color-text);
  & h2 {
    font-size: 1rem;
    margin-bottom: var(--space-2);
  }
  & dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: var(--space-1) var(--space-3);
    margin: var(--space-2) 0 0;
  }
  & dd {
    margin: 0;
    font-weight: 700;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

function perUsd(): number {
  try {
    const raw = store.properties.values[PROPERTY_NAMES.redemptionValues];
    const v = raw
      ? (JSON.parse(raw) as { redeemable_sweeps_coins_per_usd?: unknown }).redeemable_sweeps_coins_per_usd
      : undefined;
    return typeof v === 'number' && v > 0 ? v : 1;
  } catch {
    return 1;
  }
}

export default function SweepsTipPopover({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const titleId = useId();
  const { current } = useSnapshot(store.balances);
  // The callback ref is taken out of `refs` so the render reads no ref object.
  const {
    refs: { setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: true,
    onOpenChange: (o) => {
      if (!o) onClose();
    },
    elements: { reference: anchor },
    placement: 'bottom',
    middleware: [offset(8), flip(), shift({ padding: 12 })],
    whileElementsMounted: autoUpdate,
  });
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);
  const b = current as Balances | null;
  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
        <div
          ref={setFloating}
          style={floatingStyles}
          className={panel}
          aria-labelledby={titleId}
          data-testid="sweeps-info-tip-content"
          {...getFloatingProps()}
        >
          <h2 id={titleId}>About Sweeps Coins</h2>
          <p>
            Sweeps Coins are free promotional coins. You can never buy them; they come with some Gold Coin
            packages and promotions. Sweeps Coins you have played through once can be redeemed for prizes.
          </p>
          {b ? (
            <dl>
              <dt>Redeemable</dt>
              <dd>{formatAmount('sweeps', b.balance_redeemable_ghc)}</dd>
              <dt>Prize value</dt>
              <dd>{formatUsd(redemptionValueUsd(b, perUsd()))}</dd>
              <dt>Still to play through</dt>
              <dd>{formatAmount('sweeps', unplayedSweeps(b))}</dd>
            </dl>
          ) : null}
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
