import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { UpdateCommunicationPreferencesPage } from './update-communication-preferences-page.tsx';

const U = '0b5c7a2e-8a8e-4f1e-9d55-0f2b8b6c1d2e';
const T = 'A'.repeat(43);

function renderAt(url: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/update-communication-preferences" element={<UpdateCommunicationPreferencesPage />} />
          <Route path="/my-account" element={<p>My account page</p>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const linked = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: { promotions_email: true, news_email: true, email_masked: 'a***@example.com', ...over },
});

describe('UpdateCommunicationPreferencesPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('from a mail link: shows whose preferences, and one click unsubscribes from everything without signing in', async () => {
    const calls = stubApi({
      '/communication-preferences/link': [linked(), linked({ promotions_email: false, news_email: false })],
    });
    renderAt(`/update-communication-preferences?u=${U}&t=${T}`);
    expect(await screen.findByText('Preferences for a***@example.com')).toBeTruthy();
    expect((screen.getByLabelText('Promotions and bonus offers') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all marketing email' }));
    await waitFor(() => expect(screen.getByTestId('preferences-status').textContent).toMatch(/unsubscribed/));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      u: U,
      t: T,
      promotions_email: false,
      news_email: false,
    });
    expect((screen.getByLabelText('Promotions and bonus offers') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('News and new games') as HTMLInputElement).checked).toBe(false);
  });

  it('saves one category at a time', async () => {
    const calls = stubApi({ '/communication-preferences/link': [linked(), linked({ news_email: false })] });
    renderAt(`/update-communication-preferences?u=${U}&t=${T}`);
    fireEvent.click(await screen.findByLabelText('News and new games'));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(screen.getByTestId('preferences-status').textContent).toBe('Your preferences are saved.'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      promotions_email: true,
      news_email: false,
    });
  });

  it('an altered link says so and offers sign-in', async () => {
    stubApi({
      '/communication-preferences/link': apiError(
        400,
        'PREFERENCES_LINK_INVALID',
        'This preferences link is not valid.',
        't',
      ),
    });
    renderAt(`/update-communication-preferences?u=${U}&t=${T}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(/This link is not valid/);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('without a link: a visitor is told where to find it; a signed-in player goes to My Account', async () => {
    stubApi({});
    renderAt('/update-communication-preferences');
    expect(screen.getByText(/open the link at the foot of one of our marketing emails/)).toBeTruthy();
    cleanup();
    store.session.status = 'signed-in';
    renderAt('/update-communication-preferences');
    expect(await screen.findByText('My account page')).toBeTruthy();
  });
});
