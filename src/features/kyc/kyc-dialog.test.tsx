import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { KYC_TEXTS } from '../../contract/kyc.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { KycDialog } from './kyc-dialog.tsx';

const PROVIDER = 'http://localhost:8603';
const HREF = `${PROVIDER}/kyc/frame/kyc_0123456789abcdef01234567`;
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const link = { status: 200, body: { href: HREF, max_retries: 3, retry_pause_seconds: 1 } };

const flush = (ms = 0) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const frameWindow = () => (screen.getByTestId('kyc-frame') as HTMLIFrameElement).contentWindow!;
const loaded = { type: 'kyc-frame', event: 'loaded' };
const submitted = {
  type: 'kyc-frame',
  event: 'submitted',
  authorization: TOKEN,
  payload: { value: 'success' },
};

beforeEach(() => {
  vi.useFakeTimers();
  resetStore();
  resetApiClientState();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderDialog = (close = vi.fn()) => {
  render(
    <MemoryRouter>
      <KycDialog id={7} props={{ flow: 'verification', reason: 'purchase' }} close={close} />
    </MemoryRouter>,
  );
  return close;
};

describe('KycDialog', () => {
  it('keeps the spinner until a message from the provider origin AND the frame window', async () => {
    stubApi({ '/kyc/links/verification': link });
    renderDialog();
    await flush();
    expect(screen.getByTestId('kyc-frame').getAttribute('src')).toBe(HREF);
    expect(screen.getByTestId('kyc-frame-spinner')).toBeTruthy();
    post(loaded, 'http://evil.example', frameWindow());
    expect(screen.queryByTestId('kyc-frame-spinner')).not.toBeNull();
    post(loaded, PROVIDER, window);
    expect(screen.queryByTestId('kyc-frame-spinner')).not.toBeNull();
    post(loaded, PROVIDER, frameWindow());
    expect(screen.queryByTestId('kyc-frame-spinner')).toBeNull();
  });

  it('a success from another origin is ignored; from the frame it stores {authResponse} and closes after 2 s', async () => {
    const calls = stubApi({
      '/kyc/links/verification': link,
      '/kyc/result': [
        apiError(409, 'KYC_NO_DECISION', 'not yet'),
        { status: 200, body: { flow: 'verification', outcome: 'verified', identity_state: 'verified' } },
      ],
    });
    const close = renderDialog();
    await flush();
    post(submitted, 'http://evil.example', frameWindow());
    expect(screen.queryByTestId('kyc-submitted')).toBeNull();
    post(submitted, PROVIDER, frameWindow());
    expect(screen.getByTestId('kyc-submitted').textContent).toBe(KYC_TEXTS.submitted);
    await flush(1999);
    expect(close).not.toHaveBeenCalled();
    await flush(1);
    expect(close).toHaveBeenCalledWith({ authResponse: TOKEN });
    // The result was asked twice (one no-decision, one pause of retry_pause_seconds), then the
    // identity dialog opened with the outcome.
    const results = calls.filter((c) => c.path === '/kyc/result');
    expect(results).toHaveLength(2);
    expect(store.dialogs.stack.map((d) => d.kind)).toContain('identity-verification');
    expect(store.dialogs.stack.find((d) => d.kind === 'identity-verification')?.props).toMatchObject({
      reason: 'purchase',
      notice: null,
    });
  });

  it('gives up on no-decision-max and says so in the identity dialog', async () => {
    stubApi({
      '/kyc/links/verification': link,
      '/kyc/result': [apiError(409, 'KYC_NO_DECISION_MAX', 'no decision')],
    });
    renderDialog();
    await flush();
    post(submitted, PROVIDER, frameWindow());
    await flush(2000);
    expect(store.dialogs.stack.find((d) => d.kind === 'identity-verification')?.props).toMatchObject({
      notice: KYC_TEXTS.noDecisionMax,
    });
  });

  it('verification unavailable: the dialog says so instead of a frame', async () => {
    stubApi({ '/kyc/links/verification': apiError(503, 'KYC_UNAVAILABLE', 'x') });
    renderDialog();
    await flush();
    expect(screen.getByTestId('kyc-link-error').textContent).toBe(KYC_TEXTS.unavailable);
    expect(screen.queryByTestId('kyc-frame')).toBeNull();
  });
});
