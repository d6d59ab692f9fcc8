import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { STORAGE_KEYS } from '../../contract/constants.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { CreateUserPage } from './create-user-page.tsx';

// The form's rules and terms load beside it; transformed once here, so the tests' waits measure
// the page rather than the test runner's first transform of those modules.
beforeAll(() =>
  Promise.all([
    import('./join-form-validation.ts'),
    import('./join-terms.tsx'),
    import('../../ui/robot-check.tsx'),
  ]),
);

function renderForm(url = '/signup/create-user') {
  // A fresh SWR cache each time: the documents to accept are fetched by every render of the form.
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/signup/create-user" element={<CreateUserPage />} />
          <Route path="/lobby" element={<p>Lobby page</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent ?? null;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Create account/ }));

/** The documents to accept, as the server answers them (versions 3, 1, 2). */
const LEGAL_DOCUMENTS = [
  ['terms_conditions', 3, 'Terms and Conditions', true],
  ['sweeps_rules', 1, 'Official Sweepstakes Rules', false],
  ['privacy_policy', 2, 'Privacy Policy', false],
  ['game_rules', 1, 'Official Game Rules', false],
].map(([type, version, title, scroll]) => ({
  type,
  version,
  title,
  body: `${String(title)} text.`,
  acceptance_required: type !== 'game_rules',
  scroll_required: scroll,
  timestamp_created: '2026-01-01T00:00:00Z',
}));
/** The join's robot-check challenge (difficulty 0: the first answer solves it). */
const ROBOT_CHALLENGE = {
  site_key: 'sandbox-amoe',
  provider: 'sandbox',
  challenge: 'v1.payload.signature',
  difficulty: 0,
};
const legalStub = (): Record<string, Answer> => ({
  '/legal-documents': async () => ({ status: 200, body: { results: LEGAL_DOCUMENTS } }),
  '/users/robot-check': async () => ({
    status: 200,
    body: { ...ROBOT_CHALLENGE, expires_at: new Date(Date.now() + 120_000).toISOString() },
  }),
});
/** Ticks "I'm not a robot" and waits for the solved check. */
async function tickRobotCheck() {
  fireEvent.click(await screen.findByLabelText("I'm not a robot", {}, { timeout: 10_000 }));
  await waitFor(() => expect(screen.getByTestId('robot-check-status').textContent).toBe('Verified'));
}
const acceptBox = () => screen.findByLabelText(/I am at least 18 years old/);

/** Fills a valid form for an adult in Illinois (born 1990), once the documents to accept are shown. */
async function fillValid() {
  await acceptBox();
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type('Email', 'ada@example.com');
  type('Password', 'Analytical#Engine1');
  type('Confirm password', 'Analytical#Engine1');
  type('ZIP code', '60601');
  type('Birth month', '5');
  type('Birth day', '15');
  type('Birth year', '1990');
  fireEvent.click(screen.getByLabelText(/I am at least 18 years old/));
  await tickRobotCheck();
}

describe('CreateUserPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    localStorage.clear();
    sessionStorage.clear();
    (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('has every field of the join form with its label', async () => {
    stubApi(legalStub());
    renderForm();
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Password',
      'Confirm password',
      'ZIP code',
      'Promo code (optional)',
    ]) {
      expect(screen.getByLabelText(label).tagName).toBe('INPUT');
    }
    const month = screen.getByLabelText('Birth month');
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Month',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(within(screen.getByLabelText('Birth day')).getAllByRole('option')).toHaveLength(32);
    expect(screen.getByLabelText('Birth year').tagName).toBe('SELECT');
    expect(
      await screen.findByLabelText(
        'I am at least 18 years old (or the age of majority in my state) and I agree to the Terms and Conditions',
      ),
    ).toHaveProperty('type', 'checkbox');
  });

  it('links the sweepstakes rules, except in gold-only mode', async () => {
    stubApi(legalStub());
    renderForm();
    expect(await screen.findByRole('link', { name: 'Official Sweepstakes Rules' })).toBeTruthy();
    cleanup();
    store.properties.values.gold_only_mode = 'true';
    const { container } = renderForm();
    await acceptBox();
    expect(container.textContent).not.toMatch(/sweep/i);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
  });

  it('keeps Create account disabled until the terms are accepted, saying why', async () => {
    stubApi(legalStub());
    renderForm();
    const button = screen.getByRole('button', { name: /Create account/ });
    expect(button).toHaveProperty('disabled', true);
    const box = await acceptBox();
    // Only the terms must be scrolled through: they are shown in the scroll region.
    expect(screen.getByTestId('legal-scroll-region').textContent).toContain('Terms and Conditions text.');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.',
    );
    fireEvent.click(box);
    expect(button).toHaveProperty('disabled', false);
  });

  it('shows each required-field message on submit and calls nothing', async () => {
    const calls = stubApi(legalStub());
    renderForm();
    fireEvent.click(await acceptBox());
    submit();
    expect(errorOf('first_name')).toBe('Please enter your first name.');
    expect(errorOf('last_name')).toBe('Please enter your last name.');
    expect(errorOf('email')).toBe('Please enter your email address.');
    expect(errorOf('password1')).toBe('Please choose a password.');
    expect(errorOf('password2')).toBe('Please confirm your password.');
    expect(errorOf('postal_code')).toBe('Please enter your ZIP code.');
    expect(errorOf('birth_date')).toBe('Please enter a valid date of birth.');
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(screen.getByLabelText('Birth month').getAttribute('aria-invalid')).toBe('true');
    // Nothing is sent (the form's own reads, the legal documents and the welcome offer, may be).
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('explains a bad email, a weak password and a confirmation mismatch', async () => {
    stubApi(legalStub());
    renderForm();
    await fillValid();
    type('Email', 'ada@example');
    type('Password', 'password');
    type('Confirm password', 'passw0rd');
    submit();
    expect(errorOf('email')).toBe('Please enter a valid email address.');
    expect(errorOf('password1')).toBe('Password must be at least 10 characters.');
    expect(errorOf('password2')).toBe('The passwords do not match.');
  });

  it('shows the detected state, and refuses an excluded state as soon as the ZIP is complete', async () => {
    renderForm();
    type('ZIP code', '60601');
    // The state's code shows at once, its name once the names have loaded beside the form.
    expect(await screen.findByText('State: Illinois', {}, { timeout: 10_000 })).toBeTruthy();
    expect(errorOf('postal_code')).toBeNull();
    type('ZIP code', '10001');
    expect(errorOf('postal_code')).toBe(
      'At the current time we do not allow participation from the state of NY',
    );
    // Letters are dropped: the field holds digits only.
    type('ZIP code', '6a0601');
    expect(screen.getByLabelText('ZIP code')).toHaveProperty('value', '60601');
  });

  it('refuses an under-age player and an impossible date', async () => {
    stubApi(legalStub());
    renderForm();
    await fillValid();
    type('Birth year', String(new Date().getFullYear() - 10));
    submit();
    expect(errorOf('birth_date')).toBe('You must be at least 18 years old to join.');
    type('Birth year', '1990');
    type('Birth month', '2');
    type('Birth day', '31');
    submit();
    expect(errorOf('birth_date')).toBe('Please enter a valid date of birth.');
  });

  it('shows a server field error under its field (birth fields share birth_date)', async () => {
    stubApi({
      ...legalStub(),
      '/users': [
        apiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', 'email'),
        apiError(400, 'UNDERAGE', 'You must be at least 18 years old to play.', 'birth_year'),
      ],
    });
    renderForm();
    await fillValid();
    submit();
    expect((await screen.findByTestId('field-error-email')).textContent).toBe(
      'An account with this email already exists.',
    );
    expect(screen.queryByTestId('form-error')).toBeNull();
    submit();
    expect((await screen.findByTestId('field-error-birth_date')).textContent).toBe(
      'You must be at least 18 years old to play.',
    );
    // Editing the field clears the server's message.
    type('Birth day', '16');
    expect(errorOf('birth_date')).toBeNull();
  });

  it('opens the duplicate-account dialog for a second account of one person, not an inline message', async () => {
    stubApi({
      ...legalStub(),
      '/users': apiError(409, 'DUPLICATE_ACCOUNT', 'You already have an account with us.'),
    });
    renderForm();
    await fillValid();
    submit();
    await waitFor(() =>
      expect(store.dialogs.stack.map((d) => ({ kind: d.kind, props: d.props }))).toEqual([
        { kind: 'duplicate-account', props: { message: 'You already have an account with us.' } },
      ]),
    );
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('asks for the robot check before sending, and shows a refused check under a fresh box', async () => {
    const calls = stubApi({
      ...legalStub(),
      '/users': apiError(400, 'ROBOT_CHECK_FAILED', 'The check failed. Tick again.', 'g_token'),
    });
    renderForm();
    await fillValid();
    // Untick: the form is not sent without the check.
    fireEvent.click(screen.getByLabelText("I'm not a robot"));
    submit();
    expect(
      await screen.findByText('Please tick "I\'m not a robot" before creating your account.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("I'm not a robot"));
    expect(calls.filter((c) => c.path === '/users')).toHaveLength(0);
    await tickRobotCheck();
    submit();
    expect(await screen.findByText('The check failed. Tick again.')).toBeTruthy();
    const box = screen.getByLabelText("I'm not a robot");
    expect(box).toHaveProperty('checked', false);
    expect(document.activeElement).toBe(box);
    expect(calls.find((c) => c.path === '/users')?.body).toMatchObject({
      g_token: 'v1.payload.signature:0',
      g_id: 'sandbox-amoe',
      wfv: '2',
    });
  });

  it('sends the full payload with promo code and attribution, signs in and goes to the lobby', async () => {
    localStorage.setItem(STORAGE_KEYS.gclid, 'stored-gclid');
    const calls = stubApi({
      ...legalStub(),
      '/users': { status: 201, body: { ...loginAnswer(), promo_code: 'FREECOINS' } },
    });
    renderForm(
      '/signup/create-user?promo_code=FREECOINS&utm_source=newsletter&utm_campaign=spring&fbclid=fb-1',
    );
    // The promo code is prefilled once the attribution module has loaded beside the form.
    await waitFor(
      () => expect(screen.getByLabelText('Promo code (optional)')).toHaveProperty('value', 'FREECOINS'),
      {
        timeout: 10_000,
      },
    );
    await fillValid();
    submit();
    expect(await screen.findByText('Lobby page')).toBeTruthy();
    const join = calls.find((c) => c.path === '/users');
    expect(join?.body).toMatchObject({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password1: 'Analytical#Engine1',
      password2: 'Analytical#Engine1',
      postal_code: '60601',
      birth_year: 1990,
      birth_month: 5,
      birth_day: 15,
      promo_code: 'FREECOINS',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      fbclid: 'fb-1',
      gclid: 'stored-gclid',
      referral_token: null,
      // The robot check (spec section 3) and the form's version.
      g_token: 'v1.payload.signature:0',
      g_id: 'sandbox-amoe',
      wfv: '2',
      // The versions shown are the versions accepted.
      accepted_documents: [
        { type: 'terms_conditions', version: 3 },
        { type: 'sweeps_rules', version: 1 },
        { type: 'privacy_policy', version: 2 },
      ],
    });
    expect(store.session.status).toBe('signed-in');
    expect(localStorage.getItem(STORAGE_KEYS.promoCode)).toBe('FREECOINS');
    expect((window as unknown as { dataLayer: { event: string }[] }).dataLayer.map((e) => e.event)).toContain(
      'sign_up',
    );
  });

  it('uses the stored promo code when the URL has none, and marks referrals', async () => {
    localStorage.setItem(STORAGE_KEYS.promoCode, 'STORED1');
    const calls = stubApi({ ...legalStub(), '/users': { status: 201, body: loginAnswer() } });
    renderForm('/signup/create-user?referral_token=ref-abc&utm_source=email');
    // The promo code is prefilled once the attribution module has loaded beside the form.
    await waitFor(
      () => expect(screen.getByLabelText('Promo code (optional)')).toHaveProperty('value', 'STORED1'),
      {
        timeout: 10_000,
      },
    );
    await fillValid();
    submit();
    await screen.findByText('Lobby page');
    expect(calls.find((c) => c.path === '/users')?.body).toMatchObject({
      promo_code: 'STORED1',
      utm_source: 'referral',
      referral_token: 'ref-abc',
    });
  });
});
