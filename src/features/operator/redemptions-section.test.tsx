/**
 * The console's Redemptions section for a prize-out: its steps say what they do
 * (Approve and send, Send again, Check payout) and the result says where the prize-out provider's
 * answer left it; the provider's silence (503) is shown as the server's message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RedemptionsSection } from './redemptions-section.tsx';

const at = '2026-11-20T15:00:00.000Z';
const row = (status: string, method = 'prizeout') => ({
  id: '11111111-1111-4111-8111-111111111111',
  method,
  cash_out: false,
  status,
  amount_ghc: 30,
  usd: 30,
  fee_usd: 0,
  fee_ghc: 0,
  destination: 'Prize-out to w***@example.com',
  rejection_reason: null,
  created_at: at,
  updated_at: at,
  timeline: [],
  user_id: 'u-1',
  user_email: 'winner@example.com',
});

function stubConsole(listed: unknown[], action: { status: number; body: unknown }) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace('/api/v1', '');
      const method = init.method ?? 'GET';
      if (method === 'POST') posts.push(path);
      const { status, body } =
        path === '/operator/csrf'
          ? { status: 200, body: { csrf_token: 'csrf' } }
          : method === 'GET'
            ? { status: 200, body: { results: listed } }
            : action;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return posts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RedemptionsSection, prize-out', () => {
  it("Approve and send: the result names the provider's answer", async () => {
    const posts = stubConsole([row('pending')], {
      status: 200,
      body: {
        before: {},
        after: { status: 'approved' },
        audit_id: '1',
        redemption: { status: 'paid', rejection_reason: null },
      },
    });
    render(<RedemptionsSection onSignedOut={() => undefined} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Approve and send redemption of winner@example.com $30.00' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain("The prize-out provider's answer: now paid."),
    );
    expect(posts).toContain('/operator/redemptions/11111111-1111-4111-8111-111111111111/approve');
  });

  it('an approved one offers Send again, a sent one Check payout; other methods keep their labels', async () => {
    stubConsole(
      [
        row('approved'),
        { ...row('sent'), id: '22222222-2222-4222-8222-222222222222' },
        {
          ...row('approved', 'ach'),
          id: '33333333-3333-4333-8333-333333333333',
          user_email: 'b@example.com',
        },
      ],
      {
        status: 200,
        body: {},
      },
    );
    render(<RedemptionsSection onSignedOut={() => undefined} />);
    expect(await screen.findByRole('button', { name: /^Send again redemption of winner/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Check payout redemption of winner/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Mark sent redemption of b@example.com/ })).toBeTruthy();
  });

  it("the provider did not answer: the server's message is shown", async () => {
    stubConsole([row('approved')], {
      status: 503,
      body: {
        code: 'PRIZEOUT_PROVIDER_UNAVAILABLE',
        message:
          'The prize-out provider did not answer. The redemption stays approved; send it again (it is never paid twice).',
        field: null,
      },
    });
    render(<RedemptionsSection onSignedOut={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Send again redemption/ }));
    expect(await screen.findByText(/The prize-out provider did not answer/)).toBeTruthy();
  });
});
