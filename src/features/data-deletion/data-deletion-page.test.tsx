import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { DataDeletionPage } from './data-deletion-page.tsx';

function renderAt(path: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/data-deletion/dd/:code" element={<DataDeletionPage />} />
          <Route path="/data-deletion/nd/:code" element={<DataDeletionPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('DataDeletionPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the request's recorded status by its code", async () => {
    stubApi({
      '/social/data-deletion-requests/ABCDEFGHJK23': {
        status: 200,
        body: {
          confirmation_code: 'ABCDEFGHJK23',
          provider: 'facebook',
          status: 'deleted',
          requested_at: '2026-11-20T12:00:00.000Z',
          completed_at: '2026-11-20T12:00:00.000Z',
        },
      },
    });
    // The link said nd, the server recorded a deletion: the recorded status wins.
    renderAt('/data-deletion/nd/ABCDEFGHJK23');
    expect((await screen.findByTestId('data-deletion-recorded')).textContent).toContain('Facebook');
    expect(screen.getByTestId('data-deletion-status').textContent).toContain('Your data has been deleted.');
    expect(screen.getByTestId('data-deletion-code').textContent).toBe('ABCDEFGHJK23');
  });

  it('says when no request has the code', async () => {
    stubApi({
      '/social/data-deletion-requests/ZZZZZZZZZZZZ': apiError(
        404,
        'SOCIAL_DELETION_NOT_FOUND',
        'No request.',
        'code',
      ),
    });
    renderAt('/data-deletion/dd/ZZZZZZZZZZZZ');
    expect(await screen.findByTestId('data-deletion-unknown')).toBeTruthy();
    renderAt('/data-deletion/dd/not-a-code');
    expect(screen.getAllByTestId('data-deletion-unknown').length).toBeGreaterThan(0);
  });
});
