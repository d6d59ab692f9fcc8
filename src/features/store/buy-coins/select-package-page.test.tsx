import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../../lib/api-client.ts';
import { resetStore, store } from '../../../state/store.ts';
import { loginAnswer, stubApi } from '../../../test-support/stub-api.ts';
import { preloadPurchaseDialogs } from '../dialogs/register-purchase-dialogs.ts';
import SelectPackagePage from './select-package-page.tsx';

vi.mock('../dialogs/register-purchase-dialogs.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  preloadPurchaseDialogs: vi.fn(),
}));

const pkg = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  name: id,
  featured: false,
  price_usd: 4.99,
  original_price_usd: null,
  quantity_gld: 50_000,
  quantity_ghc: 5,
  sweeps_withheld: false,
  show_countdown: false,
  description: 'Includes 5 free Sweeps Coins',
  end_time: null,
  cdn_image: null,
  cdn_image_width: null,
  cdn_image_height: null,
  ...over,
});

function renderStore(
  properties: Record<string, string>,
  packages: unknown = { results: [pkg('gold-499')], sweeps_eligible: true, sweeps_withheld_state: null },
) {
  store.session.status = 'signed-in';
  store.session.user = loginAnswer().user;
  store.session.token = 'tok';
  const calls = stubApi({
    '/properties': {
      status: 200,
      body: { results: Object.entries(properties).map(([key, value]) => ({ key, value })) },
    },
    '/banking/packages': { status: 200, body: packages },
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/buy-coins']}>
        <SelectPackagePage />
      </MemoryRouter>
    </SWRConfig>,
  );
  return calls;
}

describe('Buy Coins: select package', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(preloadPurchaseDialogs).mockClear();
  });

  it("starts loading the featured offer's dialog code on the session's first visit, before the packages arrive", () => {
    stubApi({ '/properties': () => new Promise(() => undefined) });
    store.session.status = 'signed-in';
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/buy-coins']}>
          <SelectPackagePage />
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(preloadPurchaseDialogs).toHaveBeenCalledTimes(1);
  });

  it('does not load the dialog code again once the featured offer was shown this session', () => {
    stubApi({ '/properties': () => new Promise(() => undefined) });
    store.payment.featuredShown = true;
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/buy-coins']}>
          <SelectPackagePage />
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(preloadPurchaseDialogs).not.toHaveBeenCalled();
  });

  it('says "Coin Store Unavailable" with the configured message when the store is off, without asking for packages', async () => {
    const calls = renderStore({
      coin_store_enabled: 'false',
      coin_store_unavailable_message: 'Back after maintenance.',
    });
    await waitFor(() => expect(screen.getByText('Coin Store Unavailable')).toBeTruthy());
    expect(screen.getByTestId('coin-store-unavailable').textContent).toBe('Back after maintenance.');
    expect(calls.some((c) => c.path === '/banking/packages')).toBe(false);
  });

  it('offline: the packages show, Buy waits for the network and says why', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderStore(
      { coin_store_enabled: 'true' },
      { results: [pkg('gold-499')], sweeps_eligible: true, sweeps_withheld_state: null },
    );
    await waitFor(() => expect(screen.getByTestId('package-gold-499')).toBeTruthy());
    expect(screen.getByTestId('store-offline').textContent).toContain("You're offline");
    expect(
      (screen.getByRole('button', { name: 'Buy 50,000 Gold Coins for $4.99' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    onLine.mockRestore();
  });

  it('lists packages with price, Gold, free Sweeps and the crossed-out original price, featured first', async () => {
    renderStore(
      { coin_store_enabled: 'true' },
      {
        results: [
          pkg('gold-499'),
          pkg('featured-welcome', {
            featured: true,
            price_usd: 9.99,
            original_price_usd: 19.99,
            quantity_gld: 200_000,
            quantity_ghc: 20,
          }),
        ],
        sweeps_eligible: true,
        sweeps_withheld_state: null,
      },
    );
    await waitFor(() => expect(screen.getByTestId('package-featured-welcome')).toBeTruthy());
    const tiles = screen.getAllByRole('article');
    expect(tiles[0]?.getAttribute('data-testid')).toBe('package-featured-welcome');
    const featured = screen.getByTestId('package-featured-welcome');
    expect(featured.textContent).toContain('200,000');
    expect(featured.textContent).toContain('+ 20.00 free Sweeps Coins');
    expect(featured.querySelector('s')?.textContent).toBe('$19.99');
    expect(screen.getByRole('button', { name: 'Buy 50,000 Gold Coins for $4.99' })).toBeTruthy();
    // The featured offer opens its dialog once per session.
    await waitFor(() => expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['featured-package']));
    expect(store.payment.featuredShown).toBe(true);
  });

  it('tells residents of a state without Sweeps that they can still buy and play Gold Coins', async () => {
    renderStore(
      { coin_store_enabled: 'true' },
      {
        results: [pkg('gold-499', { quantity_ghc: 0, sweeps_withheld: true })],
        sweeps_eligible: false,
        sweeps_withheld_state: 'WA',
      },
    );
    await waitFor(() => expect(screen.getByTestId('gold-only-store-notice')).toBeTruthy());
    expect(screen.getByTestId('gold-only-store-notice').textContent).toBe(
      'Sweeps Coins are not available in Washington. Residents of Washington can still buy and play with Gold Coins.',
    );
  });

  it('gold-only mode: packages as the server sends them, no store notice and no Sweeps in the small print', async () => {
    store.properties.values.gold_only_mode = 'true';
    renderStore(
      { coin_store_enabled: 'true' },
      {
        results: [
          pkg('gold-499', { quantity_ghc: 0, sweeps_withheld: false, description: 'A handy top-up' }),
        ],
        sweeps_eligible: false,
        sweeps_withheld_state: null,
      },
    );
    await waitFor(() => expect(screen.getByTestId('package-gold-499')).toBeTruthy());
    expect(screen.queryByTestId('gold-only-store-notice')).toBeNull();
    expect(screen.getByTestId('store-fine-print').textContent).toBe(
      'Gold Coins are for fun play and have no cash value. Purchases are not refundable.',
    );
    expect(document.body.textContent).not.toMatch(/sweep/i);
  });

  it('the full product keeps the Sweeps small print', async () => {
    renderStore({ coin_store_enabled: 'true' });
    await waitFor(() => expect(screen.getByTestId('package-gold-499')).toBeTruthy());
    expect(screen.getByTestId('store-fine-print').textContent).toContain('NO PURCHASE IS NECESSARY');
  });
});

describe('Buy Coins: the package filter', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('narrows the list by offer and price band, counts each option, and offers all again when none match', async () => {
    renderStore(
      { coin_store_enabled: 'true' },
      {
        results: [
          pkg('featured-welcome', { featured: true, price_usd: 9.99, original_price_usd: 19.99 }),
          pkg('gold-199', { price_usd: 1.99 }),
          pkg('gold-1999', { price_usd: 19.99 }),
        ],
        sweeps_eligible: true,
        sweeps_withheld_state: null,
      },
    );
    const group = await screen.findByRole('group', { name: 'Show packages' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'All (3)' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Under $10 (2)' }));
    await waitFor(() => expect(screen.queryByTestId('package-gold-1999')).toBeNull());
    expect(screen.getByTestId('package-gold-199')).toBeTruthy();
    expect(screen.getByTestId('package-featured-welcome')).toBeTruthy();
    expect(store.payment.packageFilter).toBe('under-10');
    fireEvent.click(screen.getByRole('radio', { name: 'Offers (1)' }));
    await waitFor(() => expect(screen.queryByTestId('package-gold-199')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: '$50 and up (0)' }));
    expect(await screen.findByTestId('package-filter-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all packages' }));
    await waitFor(() => expect(screen.getByTestId('package-gold-1999')).toBeTruthy());
    expect(screen.getByRole('radio', { name: 'All (3)' })).toHaveProperty('checked', true);
  });
});
