/**
 * The app's first render waits until it can be the page itself (router, session, shell
 * properties), so the answers that follow do not rebuild the shell and mount the page in one
 * long synchronous render right after the first paint.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { resetApiClientState } from '../lib/api-client.ts';
import { SHELL_PROPERTY_NAMES } from '../lib/shell-properties.ts';
import { swrConfig } from '../lib/swr.tsx';
import { resetStore, store } from '../state/store.ts';
import { loginAnswer, stubApi } from '../test-support/stub-api.ts';
import { untilFirstRenderIsPage } from './first-render.ts';
import { RequireMobileVerified, RequireSignedIn } from './guard-outlets.tsx';

const shellProperties = {
  results: SHELL_PROPERTY_NAMES.map((key) => ({
    key,
    value: key === PROPERTY_NAMES.mobileVerificationEnabled ? 'true' : 'false',
  })),
};

const lobbyRouter = () =>
  createMemoryRouter(
    [
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <RequireMobileVerified />,
            children: [{ path: '/lobby', lazy: async () => ({ Component: () => <h1>Lobby page</h1> }) }],
          },
        ],
      },
    ],
    { initialEntries: ['/lobby'] },
  );

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the first render of the app', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits for the session and the shell properties, then renders the signed-in page in its first render', async () => {
    const calls = stubApi({ '/properties': { status: 200, body: shellProperties } });
    const router = lobbyRouter();
    let ready = false;
    const waiting = untilFirstRenderIsPage(router, 5_000).then(() => {
      ready = true;
    });
    await tick(20);
    // The session is still resuming: the guards would show the loading screen.
    expect(ready).toBe(false);
    store.session.user = loginAnswer().user;
    store.session.status = 'signed-in';
    await waiting;
    expect(router.state.initialized).toBe(true);

    render(
      <SWRConfig value={swrConfig}>
        <RouterProvider router={router} />
      </SWRConfig>,
    );
    // The first render, not a later one: the page, never the guards' spinner in its place.
    expect(screen.getByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // The properties hook's revalidation on mount took the early answer: one request in all.
    await tick(20);
    expect(calls.filter((c) => c.path === '/properties')).toHaveLength(1);
  });

  it('renders anyway when the session has not answered within the longest wait', async () => {
    stubApi({ '/properties': { status: 200, body: shellProperties } });
    const started = Date.now();
    await untilFirstRenderIsPage(lobbyRouter(), 60);
    expect(store.session.status).toBe('unknown');
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('does not wait for properties that cannot be loaded', async () => {
    stubApi({ '/properties': { status: 503, body: { code: 'UNAVAILABLE', message: 'down' } } });
    store.session.status = 'signed-out';
    const started = Date.now();
    await untilFirstRenderIsPage(lobbyRouter(), 5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
