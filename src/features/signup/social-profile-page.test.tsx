import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SOCIAL_INFO_STORAGE_KEY } from '../../contract/social-auth.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { SocialProfilePage } from './social-profile-page.tsx';

const DRAFT = {
  result: 'profile_required',
  provider: 'google',
  provider_auth_token: 'ticket-123',
  email: 'avery@gmail.test',
  first_name: 'Avery',
  last_name: '',
  picture: null,
  birthdate: '1990-04-12',
};
const legal = (): Record<string, Answer> => ({
  '/legal-documents': async () => ({
    status: 200,
    body: {
      results: [
        {
          type: 'terms_conditions',
          version: 3,
          title: 'Terms and Conditions',
          body: 'Terms.',
          acceptance_required: true,
          scroll_required: false,
          timestamp_created: '2026-01-01T00:00:00Z',
        },
      ],
    },
  }),
});

function renderPage() {
  // A cache of its own per render: the legal documents are fetched by each test's own stub.
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={['/signup/social-profile']}>
        <Routes>
          <Route path="/signup/social-profile" element={<SocialProfilePage />} />
          <Route path="/signup/select-currency" element={<p>Select currency page</p>} />
          <Route path="/signup/link-accounts" element={<p>Link accounts page</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const accept = async () =>
  fireEvent.click(await screen.findByLabelText(/I am at least 18 years old/, undefined, { timeout: 5000 }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

// The terms load lazily beside the form: the first render of them takes a while on a busy machine.
describe('SocialProfilePage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('asks to start again when no social sign-up is in progress', () => {
    stubApi(legal());
    renderPage();
    expect(screen.getByTestId('social-profile-missing').textContent).toContain(
      'Continue with Google or Facebook',
    );
  });

  it('prefills what the provider gave, asks for the missing name, ZIP and terms, and sends no password', async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify(DRAFT));
    const calls = stubApi({ ...legal(), '/social/accounts': { status: 201, body: loginAnswer() } });
    renderPage();
    expect(screen.getByTestId('social-profile-email').textContent).toContain('avery@gmail.test');
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Avery');
    expect(screen.getByLabelText('Birth year')).toHaveProperty('value', '1990');
    expect(screen.getByLabelText('Birth month')).toHaveProperty('value', '4');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await accept();
    submit();
    expect(screen.getByTestId('field-error-last_name')).toBeTruthy();
    expect(screen.getByTestId('field-error-postal_code')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/social/accounts')).toHaveLength(0);

    type('Last name', 'Johnson');
    type('ZIP code', '60601');
    submit();
    await screen.findByText('Select currency page');
    const sent = calls.find((c) => c.path === '/social/accounts')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      provider: 'google',
      provider_auth_token: 'ticket-123',
      email: 'avery@gmail.test',
      first_name: 'Avery',
      last_name: 'Johnson',
      postal_code: '60601',
      birth_year: 1990,
      birth_month: 4,
      birth_day: 12,
      accepted_documents: [{ type: 'terms_conditions', version: 3 }],
    });
    expect(sent).not.toHaveProperty('password1');
    expect(store.session.status).toBe('signed-in');
    expect(sessionStorage.getItem(SOCIAL_INFO_STORAGE_KEY)).toBeNull();
  });

  it('refuses an excluded state under the ZIP code as join does', async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify({ ...DRAFT, last_name: 'Johnson' }));
    const calls = stubApi(legal());
    renderPage();
    type('ZIP code', '10001');
    await accept();
    submit();
    expect(screen.getByTestId('field-error-postal_code').textContent).toContain('NY');
    expect(calls.filter((c) => c.path === '/social/accounts')).toHaveLength(0);
  });

  it("shows the server's error under its field, and goes to linking when the email has an account", async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify({ ...DRAFT, last_name: 'Johnson' }));
    stubApi({
      ...legal(),
      '/social/accounts': [
        apiError(400, 'UNDERAGE', 'You must be at least 21 years old to play from MS.', 'birth_date'),
        apiError(409, 'SOCIAL_LINK_REQUIRED', 'An account was found for avery@gmail.test.', 'email'),
      ],
    });
    renderPage();
    type('ZIP code', '60601');
    await accept();
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('field-error-birth_date').textContent).toBe(
        'You must be at least 21 years old to play from MS.',
      ),
    );
    submit();
    await screen.findByText('Link accounts page');
    expect(JSON.parse(sessionStorage.getItem(SOCIAL_INFO_STORAGE_KEY)!)).toMatchObject({
      result: 'link_required',
      provider_auth_token: 'ticket-123',
    });
  });

  it('opens the duplicate-account dialog when this person already has an account', async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify({ ...DRAFT, last_name: 'Johnson' }));
    stubApi({
      ...legal(),
      '/social/accounts': apiError(409, 'DUPLICATE_ACCOUNT', 'You already have an account with us.'),
    });
    renderPage();
    type('ZIP code', '60601');
    await accept();
    submit();
    await waitFor(() =>
      expect(store.dialogs.stack.map((d) => ({ kind: d.kind, props: d.props }))).toEqual([
        { kind: 'duplicate-account', props: { message: 'You already have an account with us.' } },
      ]),
    );
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});
