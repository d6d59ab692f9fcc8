import { css } from '@linaria/core';
import type { CoinPackage } from '../../../contract/payments.ts';
import { formatGold, formatSweeps, formatUsd } from '../../../contract/money.ts';

const list = css`
  list-style: none;
  margin: 0 0 var(--space-3);
  padding: 0;
  display: grid;
  gap: var(--space-1);
`;
const gold = css`
  color: var(--color-gold);
  font-weight: 800;
  font-size: 1.2rem;
  font-variant-numeric: tabular-nums;
`;
const sweeps = css`
  color: var(--color-sweeps);
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;
const priceRow = css`
  font-weight: 700;
  font-size: 1.1rem;
  & s {
    color: var(--color-text-muted);
    font-weight: 400;
    margin-left: var(--space-2);
    font-size: 0.95rem;
  }
`;

/** What a package gives and costs, as a list a screen reader reads in order. */
export function PackageContents({
  pkg,
}: {
  pkg: Pick<CoinPackage, 'quantity_gld' | 'quantity_ghc' | 'price_usd' | 'original_price_usd'>;
}) {
  const onOffer = pkg.original_price_usd !== null && pkg.original_price_usd > pkg.price_usd;
  return (
    <ul className={list}>
      <li className={gold}>{formatGold(pkg.quantity_gld)} Gold Coins</li>
      {pkg.quantity_ghc > 0 ? (
        <li className={sweeps}>+ {formatSweeps(pkg.quantity_ghc)} free Sweeps Coins</li>
      ) : null}
      <li className={priceRow}>
        {formatUsd(pkg.price_usd)}
        {onOffer ? (
          <>
            {' '}
            <s aria-hidden="true">{formatUsd(pkg.original_price_usd ?? 0)}</s>
            <span className="visually-hidden">, was {formatUsd(pkg.original_price_usd ?? 0)}</span>
          </>
        ) : null}
      </li>
    </ul>
  );
}
