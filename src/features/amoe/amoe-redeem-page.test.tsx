import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AMOE_API_PATHS, AMOE_ERROR_CODES, AMOE_TEXTS } from '../../contract/amoe.ts';
import { PLAYER_STANDING_ERROR_CODES } from '../../contract/player-standing.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { reportApiReachable } from '../../pwa/online-status.ts';
import { closeDialogsOnNavigation, openDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { amoeErrorView } from './amoe-errors.ts';
import AmoeRedeemPage, { codeInputProblem } from './amoe-redeem-page.tsx';
import { leadingZeroBits, solveCaptchaChallenge } from '../../ui/robot-check-solver.ts';

describe('the AMOE code field', () => {
  it('accepts 12 characters of the alphabet in any case, with spaces and dashes', () => {
    expect(codeInputProblem('abcd-2345-efgh')).toBeNull();
    expect(codeInputProblem(' ABCD 2345 EFGH ')).toBeNull();
  });
  it('explains an empty, short, long or look-alike code', () => {
    expect(codeInputProblem('')).toMatch(/Enter the 12-character code/);
    expect(codeInputProblem('ABCD')).toMatch(/12 characters; you entered 4/);
    expect(codeInputProblem('ABCD2345EFGHJ')).toMatch(/you entered 13/);
    expect(codeInputProblem('ABCD2345EFG0')).toMatch(/never 0, O, 1 or I/);
    expect(codeInputProblem('ABCD2345EFGI')).toMatch(/never 0, O, 1 or I/);
  });
});

describe('the AMOE dialog texts', () => {
  it('has one message per refusal, review only for an invalid code, generic otherwise', () => {
    const cases: Array<[string, string]> = [
      [AMOE_ERROR_CODES.AMOE_CODE_INVALID, AMOE_TEXTS.codeInvalid],
      [AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED, AMOE_TEXTS.alreadyRedeemed],
      [AMOE_ERROR_CODES.AMOE_CODE_NOT_ASSOCIATED, AMOE_TEXTS.notAssociated],
      [AMOE_ERROR_CODES.AMOE_CODE_EXPIRED, AMOE_TEXTS.expired],
      [AMOE_ERROR_CODES.AMOE_DAILY_LIMIT, AMOE_TEXTS.dailyLimit],
      [AMOE_ERROR_CODES.AMOE_MONTHLY_LIMIT, AMOE_TEXTS.monthlyLimit],
      ['OFFLINE', AMOE_TEXTS.offline],
      ['INTERNAL_ERROR', AMOE_TEXTS.generic],
      ['SOMETHING_NEW', AMOE_TEXTS.generic],
    ];
    for (const [code, message] of cases)
      expect(amoeErrorView(code, 'server text').message, code).toBe(message);
    expect(amoeErrorView(AMOE_ERROR_CODES.AMOE_CODE_INVALID).reviewCode).toBe(true);
    expect(amoeErrorView(AMOE_ERROR_CODES.AMOE_MONTHLY_LIMIT).reviewCode).toBe(false);
    expect(AMOE_TEXTS.monthlyLimit).not.toMatch(/try again/i);
    expect(AMOE_TEXTS.dailyLimit).toMatch(/try again tomorrow/i);
    // A play-gate refusal keeps the server's explanation.
    expect(amoeErrorView(PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED, 'Suspended.').message).toBe(
      'Suspended.',
    );
  });
});

describe('the sandbox robot check solver', () => {
  it('finds an answer the server accepts (same hash, same zero-bit count)', async () => {
    const challenge = 'v1.payload.signature';
    const answer = await solveCaptchaChallenge(challenge, 10);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${challenge}:${answer}`));
    expect(leadingZeroBits(new Uint8Array(digest))).toBeGreaterThanOrEqual(10);
    expect(leadingZeroBits(new Uint8Array([0, 0x10]))).toBe(11);
  });
});

describe('AmoeRedeemPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderPage = () =>
    render(
      <MemoryRouter>
        <AmoeRedeemPage />
      </MemoryRouter>,
    );
  const field = () => screen.getByLabelText('AMOE code') as HTMLInputElement;

  it('upper-cases what is typed and explains a bad code under the field without calling the server', () => {
    const calls = stubApi({});
    renderPage();
    fireEvent.change(field(), { target: { value: 'abcd-2345' } });
    expect(field().value).toBe('ABCD-2345');
    fireEvent.click(screen.getByTestId('amoe-redeem-submit'));
    expect(screen.getByTestId('field-error-code').textContent).toMatch(/you entered 8/);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').some((a) => /you entered 8/.test(a.textContent ?? ''))).toBe(true);
    expect(calls).toEqual([]);
  });

  it('sends the normalised code with an Idempotency-Key and opens the AMOE dialog with the credit', async () => {
    const calls = stubApi({
      [AMOE_API_PATHS.redeem]: { status: 200, body: { amount_ghc: 5, amount_gld: 0 } },
      '/wallet/balances': {
        status: 200,
        body: {
          balance_paid_ghc: 0,
          balance_free_ghc: 5,
          balance_redeemable_ghc: 0,
          balance_redeemable_available_ghc: 0,
          balance_total_ghc: 5,
          balance_total_gld: 0,
        },
      },
    });
    renderPage();
    fireEvent.change(field(), { target: { value: 'abcd 2345 efgh' } });
    fireEvent.click(screen.getByTestId('amoe-redeem-submit'));
    await waitFor(() => expect(store.dialogs.stack.length).toBe(1));
    expect(calls[0]).toMatchObject({
      path: AMOE_API_PATHS.redeem,
      method: 'POST',
      body: { code: 'ABCD2345EFGH' },
    });
    expect(store.dialogs.stack[0]).toMatchObject({
      kind: 'amoe',
      props: { outcome: 'credited', amount_ghc: 5 },
    });
  });

  it('a refusal opens the AMOE dialog with its code', async () => {
    stubApi({
      [AMOE_API_PATHS.redeem]: apiError(
        409,
        AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED,
        AMOE_TEXTS.alreadyRedeemed,
        'code',
      ),
    });
    renderPage();
    fireEvent.change(field(), { target: { value: 'ABCD2345EFGH' } });
    fireEvent.click(screen.getByTestId('amoe-redeem-submit'));
    await waitFor(() => expect(store.dialogs.stack.length).toBe(1));
    expect(store.dialogs.stack[0]).toMatchObject({
      kind: 'amoe',
      props: { outcome: 'refused', errorCode: AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED },
    });
  });
});

describe('Idempotency-Key of the redeem call', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a new key once an answer came (a second try is a new request); the same key after no answer', async () => {
    const keys: string[] = [];
    let failNext = true;
    stubApi({
      [AMOE_API_PATHS.redeem]: [
        apiError(409, AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED, AMOE_TEXTS.alreadyRedeemed, 'code'),
        apiError(409, AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED, AMOE_TEXTS.alreadyRedeemed, 'code'),
        apiError(409, AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED, AMOE_TEXTS.alreadyRedeemed, 'code'),
      ],
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      const key = (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
      if (key) {
        keys.push(key);
        if (failNext) {
          failNext = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
      }
      return inner(input, init);
    });
    render(
      <MemoryRouter>
        <AmoeRedeemPage />
      </MemoryRouter>,
    );
    const submitOnce = async (n: number) => {
      fireEvent.change(screen.getByLabelText('AMOE code'), { target: { value: 'ABCD2345EFGH' } });
      fireEvent.click(screen.getByTestId('amoe-redeem-submit'));
      await waitFor(() => expect(keys.length).toBe(n));
      await waitFor(() => expect(screen.getByTestId('amoe-redeem-submit').textContent).toBe('Redeem code'));
    };
    await submitOnce(1); // no answer: the page says it is offline until the server answers again
    act(() => reportApiReachable());
    await submitOnce(2); // answered
    await submitOnce(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('the AMOE dialog and navigation', () => {
  it('closes when the player navigates (spec section 2)', () => {
    resetStore();
    openDialog('amoe', { outcome: 'credited', amount_ghc: 5 });
    openDialog('generic-error');
    closeDialogsOnNavigation();
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['generic-error']);
  });
});
