import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { CoinPackage } from '../../../contract/payments.ts';
import { resetStore, store } from '../../../state/store.ts';
import { resetApiClientState } from '../../../lib/api-client.ts';
import { stubApi } from '../../../test-support/stub-api.ts';
import { loginAnswer } from '../../../test-support/stub-api.ts';
import { FeaturedPackageDialog } from './featured-package-dialog.tsx';
import { AddressCollectionDialog } from './address-collection-dialog.tsx';
import { ZeroSweepsPackageDialog } from './zero-sweeps-package-dialog.tsx';

const pkg = (over: Partial<CoinPackage> = {}): CoinPackage => ({
  id: 'featured-welcome',
  name: 'Welcome Offer',
  featured: true,
  price_usd: 9.99,
  original_price_usd: 19.99,
  quantity_gld: 200_000,
  quantity_ghc: 20,
  sweeps_withheld: false,
  show_countdown: true,
  description: 'Double Gold',
  end_time: null,
  cdn_image: null,
  cdn_image_width: null,
  cdn_image_height: null,
  ...over,
});

const wrap = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </SWRConfig>,
  );

describe('FeaturedPackageDialog countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('ticks every second and closes itself at zero', () => {
    const close = vi.fn();
    wrap(
      <FeaturedPackageDialog
        id={1}
        props={{ package: pkg({ end_time: '2026-03-01T12:00:03Z' }) }}
        close={close}
      />,
    );
    expect(screen.getByTestId('featured-countdown').textContent).toContain('00:00:03');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('featured-countdown').textContent).toContain('00:00:02');
    expect(close).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(2000));
    expect(close).toHaveBeenCalledWith({ closed: true, expired: true });
  });

  it('closes at once when the offer already ended', () => {
    const close = vi.fn();
    wrap(
      <FeaturedPackageDialog
        id={1}
        props={{ package: pkg({ end_time: '2026-03-01T11:59:59Z' }) }}
        close={close}
      />,
    );
    expect(close).toHaveBeenCalledWith({ closed: true, expired: true });
  });

  it('shows no countdown without end_time (default end date) and stays open', () => {
    const close = vi.fn();
    wrap(<FeaturedPackageDialog id={1} props={{ package: pkg() }} close={close} />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('featured-countdown')).toBeNull();
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByText('$19.99')).toBeTruthy();
  });
});

describe('AddressCollectionDialog', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.user = loginAnswer().user;
    store.session.token = 'tok';
    store.session.status = 'signed-in';
    stubApi({
      '/properties': { status: 200, body: { results: [{ key: 'prohibited_states', value: '["NY","WA"]' }] } },
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('upper-cases the state 500 ms after typing', () => {
    vi.useFakeTimers();
    wrap(<AddressCollectionDialog id={1} props={{}} close={vi.fn()} />);
    const state = screen.getByLabelText('State') as HTMLInputElement;
    fireEvent.change(state, { target: { value: 'il' } });
    expect(state.value).toBe('il');
    act(() => void vi.advanceTimersByTime(499));
    expect(state.value).toBe('il');
    act(() => void vi.advanceTimersByTime(1));
    expect(state.value).toBe('IL');
  });

  it('keeps the ZIP to 5 digits and shows field messages once left', () => {
    wrap(<AddressCollectionDialog id={1} props={{}} close={vi.fn()} />);
    const zip = screen.getByLabelText('ZIP code') as HTMLInputElement;
    fireEvent.change(zip, { target: { value: '60a601-99' } });
    expect(zip.value).toBe('60601');
    const street = screen.getByLabelText('Street address');
    fireEvent.blur(street);
    expect(screen.getByTestId('field-error-streetAddress1').textContent).toBe(
      'Please enter a street address',
    );
    fireEvent.change(street, { target: { value: 'Main St, 4' } });
    expect(screen.getByTestId('field-error-streetAddress1').textContent).toBe(
      'Special characters are not allowed. Please use only alphanumeric characters.',
    );
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ZeroSweepsPackageDialog', () => {
  afterEach(cleanup);
  it('names the state and says purchases are not refundable', () => {
    wrap(
      <ZeroSweepsPackageDialog
        id={1}
        props={{ package: pkg({ sweeps_withheld: true, quantity_ghc: 0 }), state: 'WA' }}
        close={vi.fn()}
      />,
    );
    expect(screen.getByTestId('zero-sweeps-message').textContent).toBe(
      'Residents of Washington can buy and play with Gold Coins, but this package will not include Sweeps Coins. Purchases are not refundable.',
    );
  });
});
