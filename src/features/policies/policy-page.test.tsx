import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore } from '../../state/store.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import { PolicyPage } from './policy-page.tsx';
import { prefetchPolicyDocuments } from './policy-documents-prefetch.ts';

const doc = (type: string, title: string, body: string) => ({
  type,
  title,
  body,
  acceptance_required: true,
  scroll_required: true,
  timestamp_created: '2026-01-15T00:00:00Z',
});

function renderPolicy(path: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <PolicyPage />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('PolicyPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the document chosen by the path, its date and the list of policies', async () => {
    stubApi({
      '/legal-documents': {
        status: 200,
        body: {
          results: [
            doc('terms_conditions', 'Terms and Conditions', 'Terms body.'),
            doc(
              'privacy_policy',
              'Privacy Policy',
              'Last updated: January 10, 2026\n\nWe do not sell data.\n\n## Your rights\n- Access\n- Deletion',
            ),
          ],
        },
      },
    });
    renderPolicy('/policies/privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(await screen.findByText('We do not sell data.')).toBeTruthy();
    expect(screen.getByText('Last updated January 10, 2026')).toBeTruthy();
    expect(screen.queryByText('Terms body.')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeTruthy();
    const policies = screen.getByRole('navigation', { name: 'Policies' });
    expect(policies.querySelectorAll('a')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('aria-current')).toBe('page');
  });

  it('explains a failed load and offers to try again', async () => {
    stubApi({ '/legal-documents': { status: 503, body: { code: 'INTERNAL_ERROR', message: 'down' } } });
    renderPolicy('/policies/official-sweepstakes-rules');
    const error = await screen.findByTestId('policy-error');
    expect(error.textContent).toContain("We couldn't load the Official Sweepstakes Rules right now.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('uses the documents the entry asked for early instead of asking again', async () => {
    const calls = stubApi({
      '/legal-documents': {
        status: 200,
        body: { results: [doc('terms_conditions', 'Terms and Conditions', 'Early terms body.')] },
      },
    });
    prefetchPolicyDocuments();
    renderPolicy('/policies/terms-and-conditions');
    expect(await screen.findByText('Early terms body.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/legal-documents')).toHaveLength(1);
  });

  it('asks the API when the early answer is not a usable one', async () => {
    const calls = stubApi({
      '/legal-documents': [
        { status: 200, body: { unexpected: true } },
        {
          status: 200,
          body: { results: [doc('terms_conditions', 'Terms and Conditions', 'Checked terms body.')] },
        },
      ],
    });
    prefetchPolicyDocuments();
    renderPolicy('/policies/terms-and-conditions');
    expect(await screen.findByText('Checked terms body.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/legal-documents')).toHaveLength(2);
  });
});
