/**
 * The operator page on its own: the sign-in form (labelled, errors announced), the console after
 * sign-in (labelled sections, the CSRF token of the answer sent back, never an Authorization
 * header), and signing out when the session has ended.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OperatorPage } from './operator-page.tsx';

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

function stubFetch(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const { status, body } = handler(url, init);
      return new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const SESSION = {
  operator: { id: 'op-1', email: 'ops@example.com' },
  csrf_token: 'csrf-of-session',
  expires_at: '2030-01-01T00:00:00.000Z',
};

function consoleServer(signedIn: { value: boolean }): Handler {
  return (url, init) => {
    const method = init.method ?? 'GET';
    if (url.includes('/properties?names=gold_only_mode'))
      return { status: 200, body: { results: [{ key: 'gold_only_mode', value: 'false' }] } };
    if (url.endsWith('/operator/csrf')) return { status: 200, body: { csrf_token: 'anon-csrf' } };
    if (url.endsWith('/operator/session') && method === 'GET')
      return signedIn.value
        ? { status: 200, body: SESSION }
        : { status: 401, body: { code: 'NOT_AUTHENTICATED', message: 'x' } };
    if (url.endsWith('/operator/session') && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { password: string };
      if (body.password !== 'right-password')
        return {
          status: 401,
          body: { code: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' },
        };
      signedIn.value = true;
      return { status: 200, body: SESSION };
    }
    if (url.includes('/operator/games/') && method === 'POST')
      return { status: 200, body: { before: {}, after: {}, audit_id: '1' } };
    if (url.includes('/operator/games'))
      return {
        status: 200,
        body: {
          results: [{ id: 'klondike', name: 'Klondike', maintenance: false, maintenance_until: null }],
        },
      };
    return { status: 200, body: { results: [] } };
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OperatorPage', () => {
  it('signs in through a labelled form; a refused sign-in is announced', async () => {
    const signedIn = { value: false };
    stubFetch(consoleServer(signedIn));
    render(<OperatorPage />);
    const form = await screen.findByRole('form', { name: 'Operator sign-in' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ops@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is incorrect.');
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as ops@example.com')).toBeTruthy();
    // The sections load beside the console once signed in.
    await screen.findByRole('region', { name: 'Redemptions' });
    for (const name of [
      'Redemptions',
      'Mail-in requests (AMOE)',
      'Player',
      'Game maintenance',
      'Named properties',
      'Audit trail',
    ])
      expect(screen.getByRole('region', { name })).toBeTruthy();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
  });

  it("sends the session's CSRF token and no Authorization header", async () => {
    const calls = stubFetch(consoleServer({ value: true }));
    render(<OperatorPage />);
    const games = await screen.findByRole('region', { name: 'Game maintenance' });
    await waitFor(() => expect(within(games).getByRole('option', { name: 'Klondike' })).toBeTruthy());
    fireEvent.click(within(games).getByRole('button', { name: 'Put under maintenance' }));
    expect((await within(games).findByRole('status')).textContent).toContain(
      'Klondike is under maintenance.',
    );
    const post = calls.find((c) => c.url.includes('/operator/games/klondike/maintenance'))!;
    const headers = post.init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBe('csrf-of-session');
    expect(
      calls.every(
        (c) => !('Authorization' in ((c.init.headers as Record<string, string> | undefined) ?? {})),
      ),
    ).toBe(true);
    expect(JSON.parse(String(post.init.body))).toEqual({ on: true, until: null });
  });

  it('goes back to the sign-in form when the session has ended', async () => {
    const signedIn = { value: true };
    stubFetch((url, init) => {
      if (url.includes('/operator/games/') && init.method === 'POST') {
        signedIn.value = false;
        return {
          status: 401,
          body: { code: 'NOT_AUTHENTICATED', message: 'Please sign in as an operator.' },
        };
      }
      return consoleServer(signedIn)(url, init);
    });
    render(<OperatorPage />);
    const games = await screen.findByRole('region', { name: 'Game maintenance' });
    await waitFor(() => expect(within(games).getByRole('option', { name: 'Klondike' })).toBeTruthy());
    fireEvent.click(within(games).getByRole('button', { name: 'Put under maintenance' }));
    expect(await screen.findByRole('form', { name: 'Operator sign-in' })).toBeTruthy();
  });
});

describe('OperatorPage sections', () => {
  const pending = {
    id: '11111111-2222-4333-8444-555555555555',
    user_id: 'u1',
    user_email: 'winner@example.com',
    method: 'paypal',
    cash_out: false,
    status: 'pending',
    amount_ghc: 60,
    usd: 60,
    fee_usd: 0,
    fee_ghc: 0,
    destination: 'w***@example.com',
    rejection_reason: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    timeline: [],
  };

  it('redemptions: reject waits for a reason; each step posts to its own path with the reason', async () => {
    const calls = stubFetch((url, init) => {
      if (url.includes('/operator/redemptions?')) return { status: 200, body: { results: [pending] } };
      if (url.includes('/operator/redemptions/') && init.method === 'POST')
        return { status: 200, body: { before: {}, after: {}, audit_id: '7' } };
      return consoleServer({ value: true })(url, init);
    });
    render(<OperatorPage />);
    const section = await screen.findByRole('region', { name: 'Redemptions' });
    const reject = await within(section).findByRole('button', {
      name: /^Reject redemption of winner@example.com \$60.00/,
    });
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('Reason'), { target: { value: 'name mismatch' } });
    expect((reject as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(reject);
    expect((await within(section).findByRole('status')).textContent).toContain('Reject: redemption 11111111');
    const post = calls.find((c) => c.url.endsWith(`/operator/redemptions/${pending.id}/reject`))!;
    expect(JSON.parse(String(post.init.body))).toEqual({ reason: 'name mismatch' });
    fireEvent.click(
      within(section).getByRole('button', { name: /^Approve redemption of winner@example.com/ }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith(`/operator/redemptions/${pending.id}/approve`))).toBe(true),
    );
  });

  it('mail-in requests: issuing a code shows it once in the status line', async () => {
    stubFetch((url, init) => {
      if (url.includes('/operator/amoe-requests'))
        return {
          status: 200,
          body: {
            results: [
              {
                postalRequestCode: 'PR-ABCD-EFGH',
                email: 'mailer@example.com',
                firstName: 'Mae',
                lastName: 'Iler',
                amountCents: 500,
                createdAt: '2026-11-01T10:00:00.000Z',
                status: 'open',
              },
            ],
          },
        };
      if (url.endsWith('/operator/amoe-codes'))
        return { status: 200, body: { code: 'ABCDEFGH2345', expires_at: '2027-05-01T00:00:00.000Z' } };
      return consoleServer({ value: true })(url, init);
    });
    render(<OperatorPage />);
    const section = await screen.findByRole('region', { name: 'Mail-in requests (AMOE)' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Issue code for PR-ABCD-EFGH' }));
    expect((await within(section).findByRole('status')).textContent).toContain('ABCDEFGH2345');
  });
});
