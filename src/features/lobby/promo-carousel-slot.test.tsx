import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { PROMO_CAROUSEL_HINT_KEY } from '../../state/promo-carousel-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { PromoCarouselSlot } from './promo-carousel-slot.tsx';

const slide = (n: number) => ({
  id: String(n),
  name: `Slide ${n}`,
  headline: `Headline ${n}`,
  body: '',
  cdn_image: null,
  image_alt: '',
  image_width: null,
  image_height: null,
  button_text: `Go ${n}`,
  button_location: '/buy-coins',
});

function renderSlot(answer: Answer) {
  store.session.status = 'signed-in';
  store.session.user = loginAnswer().user;
  store.session.token = 'tok';
  const calls = stubApi({ '/promotions/carousel': answer });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <PromoCarouselSlot />
      </MemoryRouter>
    </SWRConfig>,
  );
  return calls;
}

beforeEach(() => {
  resetStore();
  resetApiClientState();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PromoCarouselSlot', () => {
  it('reserves the space at first render when sign-in stored slides, then shows them', async () => {
    store.promotions.promocarousels = [slide(1), slide(2)];
    const calls = renderSlot({ status: 200, body: { results: [slide(1), slide(2)] } });
    expect(screen.getByTestId('promo-carousel-placeholder')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(await screen.findByRole('region', { name: 'Promotions' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('promo-carousel-placeholder')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/promotions/carousel']);
  });

  it('a reloaded lobby (store empty) reserves the space when the last answer had slides', async () => {
    localStorage.setItem(PROMO_CAROUSEL_HINT_KEY, '3');
    renderSlot({ status: 200, body: { results: [slide(1)] } });
    expect(screen.getByTestId('promo-carousel-placeholder')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Promotions' }, { timeout: 5000 })).toBeTruthy();
    expect(store.promotions.promocarousels).toHaveLength(1);
    expect(localStorage.getItem(PROMO_CAROUSEL_HINT_KEY)).toBe('1');
  });

  it('reserves nothing without slides, and remembers an empty answer', async () => {
    const calls = renderSlot({ status: 200, body: { results: [] } });
    expect(screen.queryByTestId('promo-carousel-placeholder')).toBeNull();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/promotions/carousel']));
    await waitFor(() => expect(localStorage.getItem(PROMO_CAROUSEL_HINT_KEY)).toBe('0'));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('offline after a reload (nothing in the store, the call fails), the reserved space is given back', async () => {
    localStorage.setItem(PROMO_CAROUSEL_HINT_KEY, '2');
    renderSlot({ status: 503, body: { code: 'SERVER_BUSY', message: 'x' } });
    expect(screen.getByTestId('promo-carousel-placeholder')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('promo-carousel-placeholder')).toBeNull(), {
      timeout: 5000,
    });
    expect(store.dialogs.stack).toEqual([]);
  });

  it('a failing carousel call keeps the slides from sign-in, with no error dialog', async () => {
    store.promotions.promocarousels = [slide(1)];
    renderSlot({ status: 500, body: { code: 'INTERNAL', message: 'x' } });
    expect(await screen.findByRole('region', { name: 'Promotions' }, { timeout: 5000 })).toBeTruthy();
    expect(store.dialogs.stack).toEqual([]);
  });
});
