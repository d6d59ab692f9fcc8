/**
 * Buy Coins, select package (the default child route): the coin packages of the banking
 * packages call (SWR), featured first, with price in USD, Gold quantity, free Sweeps and the
 * crossed-out original price of an offer. "Coin Store Unavailable" with the configured message
 * when the coin_store_enabled property (or the server) turns the store off. Opening the store
 * with a featured package shows the featured package dialog once per session (the package
 * chosen at login, when the login bonus has not offered it already). The package filter (All,
 * Offers, price bands; ../../../state/package-filter.ts) narrows the list; a filter that matches
 * nothing says so and offers all packages again.
 */
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../../pwa/online-status.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css, cx } from '@linaria/core';
import {
  BankingPackagesResponseSchema,
  PAYMENT_ERROR_CODES,
  PAYMENT_PAGE_TEXTS,
  PAYMENTS_API_PATHS,
  type CoinPackage,
} from '../../../contract/payment-pages.ts';
import { PROPERTY_NAMES } from '../../../contract/properties.ts';
import { formatGold, formatSweeps, formatUsd } from '../../../contract/money.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { isTrue, useNamedProperties } from '../../../lib/use-named-properties.ts';
import { store } from '../../../state/store.ts';
import { openDialog } from '../../../state/dialog-actions.ts';
import { markFeaturedShown, setPurchaseOrigin } from '../../../state/payment-selection.ts';
import {
  PACKAGE_FILTERS,
  PACKAGE_FILTER_LABELS,
  filterPackages,
  setPackageFilter,
  type PackageFilter,
} from '../../../state/package-filter.ts';
import { Button } from '../../../ui/button.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { preloadPurchaseDialogs } from '../dialogs/register-purchase-dialogs.ts';
import { PURCHASE_DIALOGS } from '../dialogs/purchase-dialog-kinds.ts';
import { useGoldOnly } from '../use-gold-only.ts';
import { BuyCoinsNav } from './buy-coins-nav.tsx';

/** Shown only to a player without Sweeps: loaded for them alone. */
const GoldOnlyStoreNotice = lazy(async () => ({
  default: (await import('./gold-only-store-notice.tsx')).GoldOnlyStoreNotice,
}));

const STORE_PROPERTIES = [PROPERTY_NAMES.coinStoreEnabled, PROPERTY_NAMES.coinStoreUnavailableMessage];

const grid = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-3);
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 560px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 900px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;
const tile = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  height: 100%;
  padding: var(--space-4);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  box-shadow: var(--shadow-1);
`;
const featuredTile = css`
  border: 2px solid var(--color-gold);
  background: linear-gradient(160deg, #3a2f14 0%, var(--color-surface) 55%);
`;
const badge = css`
  align-self: flex-start;
  padding: 2px var(--space-2);
  border-radius: 999px;
  background: var(--color-gold);
  color: var(--color-primary-contrast);
  font-size: 0.75rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;
const goldAmount = css`
  margin: 0;
  font-family: var(--font-display);
  font-size: 1.5rem;
  font-weight: 800;
  color: var(--color-gold);
  font-variant-numeric: tabular-nums;
  & small {
    display: block;
    font-size: 0.85rem;
    font-weight: 600;
    color: var(--color-text-muted);
  }
`;
const sweepsAmount = css`
  margin: 0;
  color: var(--color-sweeps);
  font-weight: 700;
`;
const description = css`
  margin: 0;
  color: var(--color-text-muted);
  font-size: 0.9rem;
  flex: 1 0 auto;
`;
const priceLine = css`
  margin: var(--space-1) 0 0;
  font-size: 1.25rem;
  font-weight: 800;
  & s {
    margin-left: var(--space-2);
    font-size: 0.95rem;
    font-weight: 400;
    color: var(--color-text-muted);
  }
`;
const filterBar = css`
  border: 0;
  margin: 0 0 var(--space-3);
  padding: 0;
  min-width: 0;
  & legend {
    padding: 0;
    margin-bottom: var(--space-2);
    font-weight: 700;
  }
`;
const chips = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
`;
const chip = css`
  position: relative;
  /* Focused or scrolled to, an option clears the sticky header. */
  scroll-margin-top: calc(var(--header-height) + env(safe-area-inset-top) + var(--space-3));
  & input {
    scroll-margin-top: calc(var(--header-height) + env(safe-area-inset-top) + var(--space-3));
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  & span {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 var(--space-3);
    border-radius: 999px;
    border: 1px solid var(--color-border);
    background: var(--color-surface);
    font-weight: 600;
    font-size: 0.9rem;
    white-space: nowrap;
  }
  & input:checked + span {
    border-color: var(--color-gold);
    background: var(--color-gold);
    color: var(--color-primary-contrast);
  }
  & input:focus-visible + span {
    outline: 2px solid var(--color-focus, var(--color-gold));
    outline-offset: 2px;
  }
`;
const center = css`
  display: flex;
  justify-content: center;
  padding: var(--space-5);
`;

function PackageTile({
  pkg,
  busy,
  disabled,
  onBuy,
}: {
  pkg: CoinPackage;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const onOffer = pkg.original_price_usd !== null && pkg.original_price_usd > pkg.price_usd;
  const headingId = `pkg-${pkg.id}`;
  return (
    <li>
      <article
        className={cx(tile, pkg.featured && featuredTile)}
        aria-labelledby={headingId}
        data-testid={`package-${pkg.id}`}
      >
        {pkg.featured ? <span className={badge}>Featured</span> : null}
        <h2 id={headingId} className={goldAmount}>
          {formatGold(pkg.quantity_gld)}
          <small>Gold Coins</small>
        </h2>
        {pkg.quantity_ghc > 0 ? (
          <p className={sweepsAmount}>+ {formatSweeps(pkg.quantity_ghc)} free Sweeps Coins</p>
        ) : null}
        {pkg.sweeps_withheld ? <p className={description}>Gold Coins only in your state</p> : null}
        <p className={description}>{pkg.description}</p>
        <p className={priceLine}>
          {formatUsd(pkg.price_usd)}
          {onOffer ? (
            <>
              <s aria-hidden="true">{formatUsd(pkg.original_price_usd ?? 0)}</s>
              <span className="visually-hidden">
                , regular price {formatUsd(pkg.original_price_usd ?? 0)}
              </span>
            </>
          ) : null}
        </p>
        <Button
          fullWidth
          loading={busy}
          disabled={disabled}
          onClick={onBuy}
          aria-label={`Buy ${formatGold(pkg.quantity_gld)} Gold Coins for ${formatUsd(pkg.price_usd)}`}
          data-testid={`buy-${pkg.id}`}
        >
          Buy {formatUsd(pkg.price_usd)}
        </Button>
      </article>
    </li>
  );
}

/** The package filter: a radio group (arrow keys move between options), with each option's count. */
function PackageFilterBar({
  value,
  counts,
  onChange,
}: {
  value: PackageFilter;
  counts: Record<PackageFilter, number>;
  onChange: (f: PackageFilter) => void;
}) {
  return (
    <fieldset className={filterBar} data-testid="package-filter">
      <legend>Show packages</legend>
      <div className={chips}>
        {PACKAGE_FILTERS.map((f) => (
          <label key={f} className={chip}>
            <input
              type="radio"
              name="package-filter"
              value={f}
              checked={value === f}
              onChange={() => onChange(f)}
              data-testid={`package-filter-${f}`}
            />
            <span>
              {PACKAGE_FILTER_LABELS[f]} ({counts[f]})
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CoinStoreUnavailable({ message }: { message: string }) {
  return (
    <Card>
      <h2>{PAYMENT_PAGE_TEXTS.coinStoreUnavailableTitle}</h2>
      <p data-testid="coin-store-unavailable">{message}</p>
    </Card>
  );
}

export default function SelectPackagePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { values, ready } = useNamedProperties(STORE_PROPERTIES);
  const propertyOn = isTrue(values[PROPERTY_NAMES.coinStoreEnabled]);
  const { data, error, isLoading, mutate } = useApiGet(
    ready && propertyOn ? PAYMENTS_API_PATHS.bankingPackages : null,
    BankingPackagesResponseSchema,
    {
      handleErrors: false,
    },
  );
  const [buying, setBuying] = useState<string | null>(null);
  // Buying needs the server: while offline the packages show, the Buy buttons wait.
  const online = useOnline();
  const goldOnly = useGoldOnly();

  const serverOff = error?.code === PAYMENT_ERROR_CODES.COIN_STORE_DISABLED;
  const storeOff = ready && (!propertyOn || serverOff);
  const packages = data ? [...data.results].sort((a, b) => Number(b.featured) - Number(a.featured)) : [];
  const featured = packages.find((p) => p.featured) ?? null;
  const { packageFilter } = useSnapshot(store.payment);
  const shown = filterPackages(packages, packageFilter);
  const counts = Object.fromEntries(
    PACKAGE_FILTERS.map((f) => [f, filterPackages(packages, f).length]),
  ) as Record<PackageFilter, number>;

  // A purchase started from a game returns to it after payment (?game_id=); from a third-party
  // (vendor) game's "Get coins" (&third_party=1) it is a third-party purchase.
  useEffect(() => {
    const game = params.get('game_id');
    if (game) setPurchaseOrigin(game, params.get('third_party') === '1');
  }, [params]);

  // The featured offer's dialog opens on the first visit of a session, once the packages are here.
  useEffect(() => {
    if (!store.payment.featuredShown) preloadPurchaseDialogs();
  }, []);

  // The featured offer opens once a session: after the login bonus, else on the first visit here,
  // once the list has loaded (a dialog opened as the page mounts would be closed at once by the
  // navigation that brought the player here). The package chosen at login (login-promotions-
  // actions.ts) is offered when there is one; a resumed session chose none: this list's.
  useEffect(() => {
    if (!featured || store.payment.featuredShown) return;
    markFeaturedShown();
    const offer = store.promotions.loginFeaturedPackage ?? featured;
    openDialog(PURCHASE_DIALOGS.featuredPackage, { package: { ...offer } });
  }, [featured]);

  async function buy(pkg: CoinPackage) {
    setBuying(pkg.id);
    // The purchase steps (limit check, address, dialogs) load on the first Buy, not with the store.
    const { startPackagePurchase } = await import('../dialogs/start-package-purchase.ts');
    const next = await startPackagePurchase(pkg, {
      from: 'store',
      withheldState: data?.sweeps_withheld_state ?? null,
    });
    setBuying(null);
    if (next) void navigate(next);
  }

  return (
    <Page title="Buy Coins" width="wide">
      <BuyCoinsNav />
      {!ready || (isLoading && !data) ? (
        <div className={center}>
          <Spinner label="Loading coin packages..." />
        </div>
      ) : storeOff ? (
        <CoinStoreUnavailable
          message={
            serverOff && error?.message ? error.message : values[PROPERTY_NAMES.coinStoreUnavailableMessage]
          }
        />
      ) : error ? (
        <Notice tone="error" testId="packages-error">
          <p>We could not load the coin packages. {error.message}</p>
          <Button variant="secondary" onClick={() => void mutate()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <>
          {online ? null : (
            <Notice tone="warning" testId="store-offline">
              {OFFLINE_ACTION_MESSAGE}
            </Notice>
          )}
          {data && !data.sweeps_eligible && !goldOnly ? (
            <Suspense fallback={null}>
              <GoldOnlyStoreNotice withheldState={data.sweeps_withheld_state} />
            </Suspense>
          ) : null}
          {packages.length === 0 ? (
            <Notice tone="info">
              There are no coin packages on offer right now. Please check back soon.
            </Notice>
          ) : (
            <>
              <PackageFilterBar value={packageFilter} counts={counts} onChange={setPackageFilter} />
              {shown.length === 0 ? (
                <Notice tone="info" testId="package-filter-empty">
                  <p>No packages match &ldquo;{PACKAGE_FILTER_LABELS[packageFilter]}&rdquo; right now.</p>
                  <Button variant="secondary" onClick={() => setPackageFilter('all')}>
                    Show all packages
                  </Button>
                </Notice>
              ) : (
                <ul className={grid} aria-label={`Coin packages: ${PACKAGE_FILTER_LABELS[packageFilter]}`}>
                  {shown.map((p) => (
                    <PackageTile
                      key={p.id}
                      pkg={p}
                      busy={buying === p.id}
                      disabled={!online || (buying !== null && buying !== p.id)}
                      onBuy={() => void buy(p)}
                    />
                  ))}
                </ul>
              )}
            </>
          )}
          <p className={description} data-testid="store-fine-print">
            {goldOnly
              ? 'Gold Coins are for fun play and have no cash value. Purchases are not refundable.'
              : 'Gold Coins are for fun play and have no cash value. Sweeps Coins are free with your purchase; NO PURCHASE IS NECESSARY to get Sweeps Coins. Purchases are not refundable.'}
          </p>
        </>
      )}
    </Page>
  );
}
