import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { TAX_API_PATHS } from '../../contract/tax.ts';
import { errorDialogFor, ApiError, api, resetApiClientState } from '../../lib/api-client.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { connectApiClientToSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { W9ConfirmedDialog, W9InfoDialog, W9MismatchDialog } from './w9-dialogs.tsx';

const wrap = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </SWRConfig>,
  );

const SSN_REQUIRED = 'Please enter the last four (4) digits of your SSN';
const SSN_EXACTLY_FOUR = 'Please enter exactly four (4) digits';

describe('W-9 info dialog', () => {
  let navigate: ReturnType<typeof vi.fn<(to: string, opts?: { replace?: boolean }) => void>>;
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.user = { ...loginAnswer().user, w9_state: 'required', suspended: false };
    navigate = vi.fn<(to: string, opts?: { replace?: boolean }) => void>();
    setNavigator(navigate);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  const zip = () => screen.getByLabelText('ZIP code') as HTMLInputElement;
  const ssn = () => screen.getByLabelText('Last four digits of your SSN') as HTMLInputElement;
  const submit = () => screen.getByRole('button', { name: /confirm/i }) as HTMLButtonElement;

  it('labels numeric fields, keeps submit disabled while either is invalid, and shows the spec messages', () => {
    wrap(<W9InfoDialog id={1} props={{}} close={vi.fn()} />);
    expect(zip().inputMode).toBe('numeric');
    expect(ssn().inputMode).toBe('numeric');
    expect(ssn().maxLength).toBe(4);
    expect(zip().maxLength).toBe(5);
    expect(submit().disabled).toBe(true);

    fireEvent.blur(ssn());
    expect(screen.getByTestId('field-error-ssnLastFour').textContent).toBe(SSN_REQUIRED);
    fireEvent.change(ssn(), { target: { value: '48a' } });
    expect(ssn().value).toBe('48');
    expect(screen.getByTestId('field-error-ssnLastFour').textContent).toBe(SSN_EXACTLY_FOUR);
    // The message is announced through the dialog's live region, and tied to the field.
    expect(screen.getByTestId('w9-info-announcer').textContent).toContain(SSN_EXACTLY_FOUR);
    expect(ssn().getAttribute('aria-invalid')).toBe('true');
    expect(ssn().getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.change(ssn(), { target: { value: '4821' } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(zip(), { target: { value: '60606-1234' } });
    expect(zip().value).toBe('60606');
    expect(submit().disabled).toBe(false);
    fireEvent.change(zip(), { target: { value: '6060' } });
    expect(submit().disabled).toBe(true);
  });

  it('confirmed: closes with the outcome, updates the user and opens the confirmation', async () => {
    const calls = stubApi({
      [TAX_API_PATHS.w9Confirm]: {
        status: 200,
        body: { outcome: 'confirmed', w9_state: 'confirmed', suspended: false },
      },
    });
    const close = vi.fn();
    wrap(<W9InfoDialog id={1} props={{}} close={close} />);
    fireEvent.change(zip(), { target: { value: '60606' } });
    fireEvent.change(ssn(), { target: { value: '4821' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    // The kept-key sender loads with the first Confirm.
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(calls.find((c) => c.path === TAX_API_PATHS.w9Confirm)?.body).toEqual({
      zipCode: '60606',
      ssnLastFour: '4821',
    });
    expect(close).toHaveBeenCalledWith({ outcome: 'confirmed' });
    expect(store.session.user?.w9_state).toBe('confirmed');
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['w9-confirmed']);
  });

  it('mismatched: the user shows suspended and the mismatch dialog opens', async () => {
    stubApi({
      [TAX_API_PATHS.w9Confirm]: {
        status: 200,
        body: { outcome: 'mismatched', w9_state: 'mismatched', suspended: true },
      },
    });
    const close = vi.fn();
    wrap(<W9InfoDialog id={1} props={{}} close={close} />);
    fireEvent.change(zip(), { target: { value: '60606' } });
    fireEvent.change(ssn(), { target: { value: '0000' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(close).toHaveBeenCalledWith({ outcome: 'mismatched' });
    expect(store.session.user).toMatchObject({ w9_state: 'mismatched', suspended: true });
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['w9-mismatch']);
  });

  it("shows the server's field message under its field", async () => {
    stubApi({
      [TAX_API_PATHS.w9Confirm]: apiError(400, 'VALIDATION_ERROR', SSN_EXACTLY_FOUR, 'ssnLastFour'),
    });
    wrap(<W9InfoDialog id={1} props={{}} close={vi.fn()} />);
    fireEvent.change(zip(), { target: { value: '60606' } });
    fireEvent.change(ssn(), { target: { value: '4821' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('field-error-ssnLastFour').textContent).toBe(SSN_EXACTLY_FOUR),
    );
  });

  it('a lost answer says so with Confirm usable; Confirm again sends the same key and decides', async () => {
    const keys: Array<string | null> = [];
    let lose = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
        if (String(input).endsWith('/auth/csrf'))
          return new Response(JSON.stringify({ csrf_token: 't' }), {
            headers: { 'Content-Type': 'application/json' },
          });
        // The reachability probe a lost answer starts is answered and not counted.
        if (!String(input).includes(TAX_API_PATHS.w9Confirm)) return new Response('{}');
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (lose) {
          lose = false;
          throw new TypeError('Failed to fetch');
        }
        return new Response(
          JSON.stringify({ outcome: 'confirmed', w9_state: 'confirmed', suspended: false }),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }),
    );
    const close = vi.fn();
    wrap(<W9InfoDialog id={1} props={{}} close={close} />);
    fireEvent.change(zip(), { target: { value: '60606' } });
    fireEvent.change(ssn(), { target: { value: '4821' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/did not hear back.*Confirm again/),
    );
    expect(submit().disabled).toBe(false);
    expect(close).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(submit());
    });
    await vi.waitFor(() => expect(close).toHaveBeenCalledWith({ outcome: 'confirmed' }));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('the confirmation closes to the lobby; the mismatch closes only to logout', () => {
    const close = vi.fn();
    wrap(<W9ConfirmedDialog id={1} props={{}} close={close} />);
    // Its button and its close cross both go to the lobby.
    const [button, cross] = screen.getAllByRole('button', { name: 'Close' });
    fireEvent.click(button!);
    fireEvent.click(cross!);
    expect(close).toHaveBeenCalledTimes(2);
    expect(navigate.mock.calls).toEqual([
      ['/lobby', {}],
      ['/lobby', {}],
    ]);
    cleanup();

    const closeMismatch = vi.fn();
    wrap(<W9MismatchDialog id={2} props={{}} close={closeMismatch} />);
    // Not dismissible: a single button, no close cross.
    const buttons = screen.getAllByRole('button').filter((b) => b.tagName === 'BUTTON');
    expect(buttons.map((b) => b.textContent)).toEqual(['Close']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(navigate).toHaveBeenCalledWith('/logout', { replace: true });
  });
});

describe('standing errors open their dialogs', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    connectApiClientToSession();
    store.session.status = 'signed-in';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('maps W9_REQUIRED and ACCOUNT_SUSPENDED to their dialogs, other 403s to permission denied', () => {
    expect(errorDialogFor(new ApiError(403, 'W9_REQUIRED', 'w9'), true)?.kind).toBe('w9-required');
    expect(errorDialogFor(new ApiError(403, 'ACCOUNT_SUSPENDED', 's'), true)?.kind).toBe('account-suspended');
    expect(errorDialogFor(new ApiError(403, 'toString', 'x'), true)?.kind).toBe('permission-denied');
    expect(errorDialogFor(new ApiError(400, 'W9_REQUIRED', 'x'), true)).toBeNull();
  });

  it('opens the W-9 dialog even for a call that shows its errors inline (a game round)', async () => {
    stubApi({ '/games/x/rounds': apiError(403, 'W9_REQUIRED', 'We need your W-9 information.') });
    await expect(api.post('/games/x/rounds', {}, undefined, { handleErrors: false })).rejects.toMatchObject({
      code: 'W9_REQUIRED',
    });
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['w9-required']);
    stubApi({ '/games/x/rounds': apiError(403, 'GAME_UNAVAILABLE', 'x') });
    await expect(api.post('/games/x/rounds', {}, undefined, { handleErrors: false })).rejects.toBeTruthy();
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['w9-required']);
  });
});
