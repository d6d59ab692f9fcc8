import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, Outlet } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../../lib/swr.tsx';
import { resetStore, store } from '../../state/store.ts';
import { completeLogin, cancelTokenRefresh } from '../../state/session-actions.ts';
import { cancelSessionPropertiesLoad } from '../../state/properties-actions.ts';
import { loginResponse } from '../../state/test-fixtures.ts';
import { Header } from './header.tsx';
import { SwitchingOverlay } from './switching-overlay.tsx';

let properties: Record<string, string> = {};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(String(url), 'http://localhost');
      if (u.pathname === '/api/v1/properties') {
        const names = (u.searchParams.get('names') ?? '').split(',');
        const results = names
          .filter((n) => n in properties)
          .map((key) => ({ key, value: properties[key] as string }));
        return new Response(JSON.stringify({ results }), { status: 200 });
      }
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'x' }), { status: 404 });
    }),
  );
}

function renderAt(path: string) {
  const Shell = () => (
    <>
      <Header />
      <Outlet />
      <SwitchingOverlay />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { index: true, element: <p>home</p>, handle: { joinNow: true } },
          { path: 'login', element: <p>login</p>, handle: { joinNow: true, hideSignIn: true } },
          { path: 'lobby', element: <p>lobby</p> },
          { path: 'buy-coins', element: <p>buy</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

describe('Header', () => {
  beforeEach(() => {
    resetStore();
    localStorage.clear();
    properties = {};
    stubApi();
  });
  afterEach(() => {
    cleanup();
    cancelTokenRefresh();
    cancelSessionPropertiesLoad();
    vi.unstubAllGlobals();
  });

  it('signed out on home: Sign in and Join now', async () => {
    store.session.status = 'signed-out';
    renderAt('/');
    expect(await screen.findByTestId('header-sign-in')).toBeTruthy();
    expect(screen.getByTestId('header-join-now').getAttribute('href')).toBe('/signup/create-user');
    expect(screen.getByTestId('header-logo').getAttribute('href')).toBe('/');
  });

  it('signed out on login: no Sign in; elsewhere no Join now', async () => {
    store.session.status = 'signed-out';
    const { unmount } = renderAt('/login');
    await screen.findByTestId('header-join-now');
    expect(screen.queryByTestId('header-sign-in')).toBeNull();
    unmount();
    renderAt('/lobby');
    await screen.findByTestId('header-sign-in');
    expect(screen.queryByTestId('header-join-now')).toBeNull();
  });

  it('signed in: balance, plus link, toggle with switching overlay, Sweeps tip only with Sweeps', async () => {
    completeLogin(loginResponse());
    renderAt('/lobby');
    expect((await screen.findByTestId('balance-amount')).textContent).toBe('250,000');
    expect(screen.getByTestId('buy-coins-plus').getAttribute('href')).toBe('/buy-coins');
    expect(screen.getByTestId('header-logo').getAttribute('href')).toBe('/lobby');
    expect(screen.queryByTestId('sweeps-info-tip')).toBeNull();
    const toggle = screen.getByTestId('currency-toggle');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId('currency-toggle').getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByTestId('switching-overlay').textContent).toContain('Switching to Sweeps Coins');
    expect(screen.getByTestId('balance-amount').textContent).toBe('25.00');
    expect(screen.getByTestId('sweeps-info-tip')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sweeps-info-tip'));
    expect((await screen.findByTestId('sweeps-info-tip-content')).textContent).toContain('Redeemable');
  });

  it('shows IN GAME while the balance is hidden', async () => {
    completeLogin(loginResponse());
    store.currency.balanceVisible = false;
    renderAt('/lobby');
    expect((await screen.findByTestId('balance-amount')).textContent).toBe('IN GAME');
  });

  it('menu opens with every item, Escape closes it and focus returns to the button', async () => {
    completeLogin(loginResponse());
    renderAt('/lobby');
    const button = await screen.findByTestId('menu-button');
    fireEvent.click(button);
    for (const id of [
      'menu-lobby',
      'menu-get-coins',
      'menu-buy-coins',
      'menu-daily-bonus',
      'menu-earn-free-coins',
      'menu-redeem',
      'menu-my-account',
      'menu-help-center',
      'menu-refer-a-friend',
      'menu-sign-out',
    ]) {
      expect(await screen.findByTestId(id)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('menu-lobby')));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('menu-get-coins'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByTestId('menu-sign-out'));
    expect(screen.getByTestId('menu-help-center').getAttribute('target')).toBe('_blank');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('menu-lobby')).toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(document.activeElement).toBe(screen.getByTestId('menu-button'));
  });

  it('menu closes when an item is clicked', async () => {
    completeLogin(loginResponse());
    renderAt('/lobby');
    fireEvent.click(await screen.findByTestId('menu-button'));
    fireEvent.click(await screen.findByTestId('menu-buy-coins'));
    await waitFor(() => expect(screen.queryByTestId('menu-lobby')).toBeNull());
    expect(await screen.findByText('buy')).toBeTruthy();
  });

  it('gold-only mode: no currency toggle and a reduced menu', async () => {
    properties = { gold_only_mode: 'true' };
    completeLogin(loginResponse());
    renderAt('/lobby');
    await waitFor(() => expect(screen.queryByTestId('currency-toggle')).toBeNull());
    fireEvent.click(screen.getByTestId('menu-button'));
    await screen.findByTestId('menu-lobby');
    expect(screen.queryByTestId('menu-redeem')).toBeNull();
    expect(screen.queryByTestId('menu-refer-a-friend')).toBeNull();
    expect(screen.queryByTestId('menu-earn-free-coins')).toBeNull();
  });

  it('pending mobile verification: no balance, menu is only Sign out, logo asks to sign out', async () => {
    properties = { mobile_verification_enabled: 'true' };
    completeLogin(
      loginResponse({ user: { ...loginResponse().user, account_state: 'pending_mobile_verification' } }),
    );
    renderAt('/lobby');
    await waitFor(() => expect(screen.queryByTestId('currency-bar')).toBeNull());
    fireEvent.click(screen.getByTestId('menu-button'));
    await screen.findByTestId('menu-sign-out');
    expect(screen.queryByTestId('menu-lobby')).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('menu-sign-out')).toBeNull());
    fireEvent.click(screen.getByTestId('header-logo'));
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['sign-out-confirmation']);
  });
});
