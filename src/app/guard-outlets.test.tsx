/**
 * The page a guard lets through once session resume answers mounts in a deferred render (in
 * slices that yield to the browser), not in the store update's synchronous render.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetStore, store } from '../state/store.ts';
import { RequireSignedIn } from './guard-outlets.tsx';

const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

function renderLobbyBehindGuard() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: () => new Promise(() => undefined) }}>
      <MemoryRouter initialEntries={['/lobby']}>
        <Routes>
          <Route element={<RequireSignedIn />}>
            <Route path="/lobby" element={<p>Lobby content</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('GuardOutlet after session resume', () => {
  beforeEach(() => {
    resetStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
  });
  afterEach(() => {
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    cleanup();
    vi.unstubAllGlobals();
  });

  it('mounts the page after the synchronous render of the store update, then shows it', async () => {
    const { container } = renderLobbyBehindGuard();
    expect(container.textContent).not.toContain('Lobby content');

    // React's own scheduling from here on, as in the browser (act would flush every render at once).
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    store.session.status = 'signed-in';
    // The store notifies in a microtask and React renders that update in the next microtasks.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(container.textContent).not.toContain('Lobby content');

    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toContain('Lobby content');
  });

  it('shows the page at once when the player is already signed in', async () => {
    store.session.status = 'signed-in';
    let container: HTMLElement | undefined;
    await act(async () => {
      container = renderLobbyBehindGuard().container;
    });
    expect(container?.textContent).toContain('Lobby content');
  });
});
