import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  MOBILE_VERIFICATION_ERROR_CODES as CODES,
  MOBILE_VERIFICATION_TEXTS as TEXTS,
} from '../../contract/mobile-verification.ts';
import { errorDialogFor, ApiError, resetApiClientState } from '../../lib/api-client.ts';
import { closeAllDialogs, closeDialog, dialogResult } from '../../state/dialog-actions.ts';
import {
  askMobileVerificationDialog,
  MOBILE_VERIFIED_EVENT,
} from '../../state/mobile-verification-actions.ts';
import { logout } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { reportApiReachable } from '../../pwa/online-status.ts';
import { dialogComponentFor } from '../../ui/dialog-registry.ts';
import { loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { MobileVerificationPage } from './mobile-verification-page.tsx';

function TestDialogHost() {
  const { stack } = useSnapshot(store.dialogs);
  const top = stack[stack.length - 1];
  if (!top) return null;
  const Component = dialogComponentFor(top.kind);
  if (!Component) return <p>unregistered dialog {top.kind}</p>;
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Component key={top.id} id={top.id} props={{ ...top.props }} close={(r) => closeDialog(top.id, r)} />
    </Suspense>
  );
}

const PHONE = '3125550100';
const sent = {
  status: 200,
  body: {
    phone: PHONE,
    sent_at: '2026-01-01T00:00:00Z',
    expires_at: '2026-01-01T00:10:00Z',
    codes_left_today: 4,
  },
};
const refusal = (status: number, code: string, extra: Record<string, unknown> | null = null) => ({
  status,
  body: { code, message: 'refused', field: null, extra },
});

function renderPage(answers: Record<string, Answer | Answer[]>) {
  store.session.status = 'signed-in';
  store.session.user = loginAnswer({
    account_state: 'pending_mobile_verification',
    mobile_verified: false,
  }).user;
  store.session.token = 'tok';
  const calls = stubApi(answers);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <TestDialogHost />
          </>
        ),
        children: [
          { path: '/mobile-verification', element: <MobileVerificationPage /> },
          { path: '/login', element: <h1>Login page</h1> },
        ],
      },
    ],
    { initialEntries: ['/mobile-verification'] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}

async function sendCodeTo(digits: string) {
  fireEvent.change(screen.getByLabelText(TEXTS.phoneLabel), { target: { value: digits } });
  fireEvent.click(screen.getByRole('button', { name: TEXTS.sendCode }));
}

describe('MobileVerificationPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    reportApiReachable();
  });
  afterEach(async () => {
    cleanup();
    vi.useRealTimers();
    // A sign-out started by a test finishes here, so the next test's sign-out is its own.
    await logout({ navigate: false });
    vi.unstubAllGlobals();
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it('formats the number 300 ms after the last keystroke, not before', async () => {
    vi.useFakeTimers();
    renderPage({});
    const field = screen.getByLabelText(TEXTS.phoneLabel) as HTMLInputElement;
    expect(field.getAttribute('type')).toBe('tel');
    fireEvent.change(field, { target: { value: '312555' } });
    act(() => vi.advanceTimersByTime(299));
    expect(field.value).toBe('312555');
    act(() => vi.advanceTimersByTime(1));
    expect(field.value).toBe('(312) 555');
  });

  it('refuses a number that is not a 10-digit US number before calling the server', () => {
    const calls = renderPage({});
    fireEvent.change(screen.getByLabelText(TEXTS.phoneLabel), { target: { value: '555-0100' } });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.sendCode }));
    expect(screen.getByTestId('field-error-phone').textContent).toBe(TEXTS.phoneInvalid);
    expect(document.activeElement).toBe(screen.getByLabelText(TEXTS.phoneLabel));
    expect(calls).toHaveLength(0);
  });

  it('sends the code, shows a wrong code under the field, verifies, reloads the player and pushes the event', async () => {
    const calls = renderPage({
      '/mobile-verification/send-code': sent,
      '/mobile-verification/verify-code': [
        refusal(400, CODES.MOBILE_WRONG_CODE, { attempts_left: 4 }),
        { status: 200, body: { verified: true, phone: PHONE } },
      ],
      '/users/me': { status: 200, body: loginAnswer({ account_state: 'active', phone: PHONE }).user },
      '/wallet/balances': { status: 200, body: loginAnswer().balances },
    });
    await sendCodeTo('(312) 555-0100');
    const code = await screen.findByLabelText(TEXTS.codeLabel);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // The focus moves in an effect after the field appears: wait for it rather than race it.
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByTestId('mobile-verification-status').textContent).toContain('(312) 555-••00');
    expect(calls[0]).toMatchObject({ path: '/mobile-verification/send-code', body: { phone: PHONE } });

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.verify }));
    expect((await screen.findByTestId('field-error-code')).textContent).toBe(
      TEXTS.wrongCode.replace('{attempts}', '4'),
    );

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.verify }));
    await waitFor(() => expect(store.session.user?.account_state).toBe('active'));
    expect(calls.find((c) => c.path === '/mobile-verification/verify-code')?.body).toEqual({
      phone: PHONE,
      code: '111111',
    });
    expect((window as { dataLayer?: Array<{ event: string }> }).dataLayer?.map((e) => e.event)).toEqual([
      MOBILE_VERIFIED_EVENT,
    ]);
  });

  it('same number: the dialog offers RESEND CODE and a click sends again with resend', async () => {
    const calls = renderPage({
      '/mobile-verification/send-code': [refusal(409, CODES.MOBILE_SAME_NUMBER), sent],
    });
    await sendCodeTo(PHONE);
    const dialog = await screen.findByTestId('dialog-mobile-verification');
    expect(dialog.textContent).toContain(TEXTS.sameTitle);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.sameButton }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(dialogResult('mobile-verification')).toEqual({ clickedActionButton: true });
    expect(calls[1]?.body).toEqual({ phone: PHONE, resend: true });
    expect(await screen.findByLabelText(TEXTS.codeLabel)).toBeTruthy();
  });

  it.each([
    [CODES.MOBILE_CLOSED_ACCOUNT, TEXTS.closedAccountTitle],
    [CODES.MOBILE_DUPLICATE_ACCOUNT, TEXTS.duplicateAccountTitle],
  ])('%s: the dialog is titled %s and SIGN IN signs out to the login page', async (code, title) => {
    renderPage({
      '/mobile-verification/send-code': refusal(409, code),
      '/auth/logout': { status: 200, body: {} },
    });
    await sendCodeTo(PHONE);
    const dialog = await screen.findByTestId('dialog-mobile-verification');
    expect(dialog.textContent).toContain(title);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.signInButton }));
    await waitFor(() => expect(store.session.status).toBe('signed-out'));
  });

  it.each([
    [refusal(409, CODES.MOBILE_DUPLICATE_NUMBER), TEXTS.duplicateNumberTitle, TEXTS.duplicateNumber],
    [
      refusal(429, CODES.MOBILE_TOO_MANY_CODES, { retry_at: '2026-01-02T00:00:00Z', limit: 5 }),
      TEXTS.frequencyTitle,
      'too many codes today',
    ],
    [refusal(500, 'INTERNAL_ERROR'), TEXTS.unexpectedTitle, TEXTS.unexpected],
    [refusal(502, CODES.MOBILE_SMS_FAILED), TEXTS.unexpectedTitle, TEXTS.unexpected],
  ])('a refused send shows its dialog (%#)', async (answer, title, text) => {
    renderPage({ '/mobile-verification/send-code': answer });
    await sendCodeTo(PHONE);
    const dialog = await screen.findByTestId('dialog-mobile-verification');
    expect(dialog.textContent).toContain(title);
    expect(dialog.textContent).toContain(text);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.okButton }));
    expect(dialogResult('mobile-verification')).toEqual({ clickedActionButton: true });
  });

  it('Sign out asks first (verify-to-continue): keep verifying stays, sign out signs out', async () => {
    const calls = renderPage({ '/auth/logout': { status: 200, body: {} } });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.signOut }));
    await screen.findByTestId('dialog-verify-to-continue');
    fireEvent.click(screen.getByRole('button', { name: TEXTS.keepVerifying }));
    expect(dialogResult('verify-to-continue')).toEqual({ signOutClicked: false });
    expect(store.session.status).toBe('signed-in');
    fireEvent.click(screen.getByRole('button', { name: TEXTS.signOut }));
    const dialog = await screen.findByTestId('dialog-verify-to-continue');
    fireEvent.click(within(dialog).getByRole('button', { name: TEXTS.signOut }));
    // Signing out clears the store, the dialog results with it: the sign-out itself is the proof.
    await waitFor(() => expect(store.session.status).toBe('signed-out'));
    expect(calls.map((c) => c.path)).toContain('/auth/logout');
  });

  it('offline: says it needs a connection and sends nothing', async () => {
    const calls = renderPage({});
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect((await screen.findByTestId('mobile-verification-offline')).textContent).toBe(TEXTS.offline);
    fireEvent.change(screen.getByLabelText(TEXTS.phoneLabel), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.sendCode }));
    expect(calls).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('a dialog cleared away without a click (e.g. by a sign-out elsewhere) answers no click', async () => {
    renderPage({});
    const answer = askMobileVerificationDialog({ title: 'T', message: 'M', actionLabel: 'OK' });
    await screen.findByTestId('dialog-mobile-verification');
    act(() => closeAllDialogs());
    await expect(answer).resolves.toBe(false);
  });

  it('other routes refusing a pending account open no catalogue dialog (the guards handle it)', () => {
    expect(errorDialogFor(new ApiError(403, CODES.MOBILE_VERIFICATION_REQUIRED, 'verify'), true)).toBeNull();
    expect(errorDialogFor(new ApiError(403, 'PERMISSION_DENIED', 'no'), true)).toMatchObject({
      kind: 'permission-denied',
    });
  });
});
