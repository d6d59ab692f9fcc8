/**
 * /yearly-summary/{year}: the player's coin totals of one calendar year (US Eastern), per
 * currency and kind, with the purchases in USD. A year picker lists the years from the first
 * ledger entry to this year. Print-friendly: while this page is open, printing drops the site
 * chrome (header, footer, buttons) and prints dark text on white.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES, withParams } from '../../contract/routes.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import type { YearlySummary } from '../../contract/wallet.ts';
import { formatGold, formatSweeps, formatUsd } from '../../contract/money.ts';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { isTrue, useNamedProperties } from '../../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../../lib/shell-properties.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useTransactionFilters, useYearlySummary } from './use-history.ts';

/** Body class that scopes the print rules to this page. */
const PRINT_CLASS = 'lc-print-yearly-summary';

export const printStyles = css`
  :global() {
    @media print {
      body.lc-print-yearly-summary {
        background: #fff !important;
        color: #000 !important;
      }
      body.lc-print-yearly-summary header,
      body.lc-print-yearly-summary footer,
      body.lc-print-yearly-summary [data-print='hide'],
      body.lc-print-yearly-summary a[href='#main'] {
        display: none !important;
      }
      body.lc-print-yearly-summary section,
      body.lc-print-yearly-summary table,
      body.lc-print-yearly-summary th,
      body.lc-print-yearly-summary td,
      body.lc-print-yearly-summary h1,
      body.lc-print-yearly-summary h2,
      body.lc-print-yearly-summary p {
        background: #fff !important;
        color: #000 !important;
        box-shadow: none !important;
        border-color: #999 !important;
      }
    }
  }
`;

const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: var(--space-3);
  & > :first-child {
    flex: 1 1 160px;
    margin-bottom: 0;
  }
`;
const table = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  & th,
  & td {
    padding: var(--space-2) var(--space-2);
    border-bottom: 1px solid var(--color-border);
    text-align: right;
  }
  & th:first-child,
  & td:first-child {
    text-align: left;
  }
  & thead th {
    font-size: 0.85rem;
    color: var(--color-text-muted);
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  & tbody th {
    font-weight: 600;
  }
`;
const facts = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: var(--space-3);
  margin: 0 0 var(--space-4);
  & div {
    padding: var(--space-3);
    border-radius: var(--radius-md);
    background: var(--color-surface-2);
  }
  & dt {
    font-size: 0.85rem;
    color: var(--color-text-muted);
  }
  & dd {
    margin: var(--space-1) 0 0;
    font-size: 1.3rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;
const note = css`
  color: var(--color-text-muted);
  font-size: 0.9rem;
`;
const center = css`
  display: flex;
  justify-content: center;
  padding: var(--space-5) 0;
`;

const ROWS: { key: keyof YearlySummary['gold']; label: string }[] = [
  { key: 'purchased', label: 'Purchased' },
  { key: 'bonuses', label: 'Bonuses' },
  { key: 'promos', label: 'Promotions' },
  { key: 'played', label: 'Played' },
  { key: 'won', label: 'Won' },
  { key: 'redeemed', label: 'Redeemed' },
  { key: 'applied_to_purchases', label: 'Cash balance spent on purchases' },
  { key: 'adjustments', label: 'Adjustments (net)' },
];

/** The year in the URL when it is a plain 4-digit year, else null. */
export function parseYearParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{4}$/.test(raw)) return null;
  return Number(raw);
}

/** Years the picker offers, newest first. */
export function yearOptions(firstYear: number, currentYear: number): number[] {
  const out: number[] = [];
  for (let y = currentYear; y >= Math.min(firstYear, currentYear); y -= 1) out.push(y);
  return out;
}

const signed = (n: number, fmt: (n: number) => string) => (n < 0 ? `\u2212${fmt(-n)}` : fmt(n));

export default function YearlySummaryPage() {
  const params = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const year = parseYearParam(params.year);
  const filters = useTransactionFilters();
  const firstYear = filters.data?.first_year;
  const currentYear = filters.data?.current_year ?? new Date().getFullYear();
  const outOfRange = year !== null && firstYear !== undefined && (year < firstYear || year > currentYear);
  const summary = useYearlySummary(year !== null && !outOfRange ? year : null);
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  const title = year !== null ? `Yearly Summary ${year}` : 'Yearly Summary';

  useEffect(() => {
    document.body.classList.add(PRINT_CLASS);
    return () => document.body.classList.remove(PRINT_CLASS);
  }, []);

  const years = yearOptions(firstYear ?? currentYear, currentYear);
  if (year !== null && !years.includes(year)) years.push(year);
  const data = summary.data && summary.data.year === year ? summary.data : null;
  const offline = !online || summary.error?.code === CLIENT_ERROR_CODES.OFFLINE;

  let content;
  if (year === null || outOfRange || summary.error?.code === 'INVALID_YEAR') {
    content = (
      <Notice tone="info" testId="yearly-summary-no-year">
        {year === null
          ? 'That is not a year we can summarise. Choose a year above.'
          : `There is no activity to summarise for ${year}. Choose a year from ${firstYear ?? currentYear} to ${currentYear}.`}
      </Notice>
    );
  } else if (data) {
    content = (
      <>
        <dl className={facts}>
          <div>
            <dt>Purchases</dt>
            <dd data-testid="yearly-purchase-count">{data.purchase_count}</dd>
          </div>
          <div>
            <dt>Spent on purchases</dt>
            <dd data-testid="yearly-purchases-usd">{formatUsd(data.purchases_usd)}</dd>
          </div>
        </dl>
        <table className={table} data-testid="yearly-summary-table">
          <caption className="visually-hidden">Coin totals for {data.year}</caption>
          <thead>
            <tr>
              <th scope="col">Activity</th>
              <th scope="col">Gold Coins</th>
              {goldOnly ? null : <th scope="col">Sweeps Coins</th>}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.key} data-testid={`yearly-row-${r.key}`}>
                <th scope="row">{r.label}</th>
                <td>{signed(data.gold[r.key], formatGold)}</td>
                {goldOnly ? null : <td>{signed(data.sweeps[r.key], formatSweeps)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
        <p className={note}>
          Calendar year {data.year},{' '}
          {data.time_zone === 'America/New_York' ? 'US Eastern time' : data.time_zone}. Amounts are totals of
          your coin history; adjustments include corrections and reversals. {PRODUCT_NAME}.
        </p>
      </>
    );
  } else if (summary.error && !offline) {
    content = (
      <Notice tone="error" testId="yearly-summary-error">
        <p>{`Failed to Get Yearly Summary, Error: ${summary.error.status || summary.error.code}`}</p>
        <Button variant="secondary" onClick={() => void summary.mutate()} data-print="hide">
          Try again
        </Button>
      </Notice>
    );
  } else if (offline) {
    content = (
      <Notice tone="warning" testId="yearly-summary-offline">
        You&apos;re offline. This summary can&apos;t load until you reconnect.
      </Notice>
    );
  } else {
    content = (
      <div className={center}>
        <Spinner label="Loading summary..." />
      </div>
    );
  }

  return (
    <Page title={title}>
      <Card>
        <div className={toolbar} data-print="hide">
          <SelectField
            label="Year"
            name="year"
            value={year === null ? '' : String(year)}
            placeholder={year === null ? 'Choose a year' : undefined}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            onChange={(e) => {
              if (e.target.value) void navigate(withParams(ROUTES.yearlySummary, { year: e.target.value }));
            }}
          />
          <Button variant="secondary" onClick={() => window.print()} disabled={!data}>
            Print
          </Button>
        </div>
      </Card>
      {offline && data ? (
        <Notice tone="warning" testId="yearly-summary-offline">
          You&apos;re offline. This is the summary loaded earlier; it can&apos;t refresh until you reconnect.
        </Notice>
      ) : null}
      <Card>{content}</Card>
      <p data-print="hide">
        <Link to={ROUTES.goldCoinsHistory}>Gold Coins history</Link>
        {goldOnly ? null : (
          <>
            {' · '}
            <Link to={ROUTES.sweepsCoinsHistory}>Sweeps Coins history</Link>
          </>
        )}
        {' · '}
        <Link to={ROUTES.myAccount}>My Account</Link>
      </p>
    </Page>
  );
}
