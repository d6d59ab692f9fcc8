import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ROUTES } from '../contract/routes.ts';
import { resetApiClientState } from '../lib/api-client.ts';
import { renderAsSignedOutVisitor } from '../state/prerender-actions.ts';
import { resetStore } from '../state/store.ts';
import { stubApi } from '../test-support/stub-api.ts';
import { prefetchPolicyDocuments } from '../features/policies/policy-documents-prefetch.ts';
import { PolicyPage } from '../features/policies/policy-page.tsx';
import { untilFirstRenderMatchesPage } from './prerendered-takeover.tsx';
import { ReleasePrerendered } from './release-prerendered.tsx';

const terms = {
  type: 'terms_conditions',
  title: 'Terms and Conditions',
  body: 'Terms on the page before the app.',
  acceptance_required: true,
  scroll_required: true,
  timestamp_created: '2026-01-15T00:00:00Z',
};

const policyRouter = () =>
  createMemoryRouter([{ path: ROUTES.policiesTerms, lazy: async () => ({ Component: PolicyPage }) }], {
    initialEntries: [ROUTES.policiesTerms],
  });

describe('the app taking over a prerendered page', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits for the session, the page chunk and the documents, so its first render is the page itself', async () => {
    stubApi({ '/legal-documents': { status: 200, body: { results: [terms] } } });
    prefetchPolicyDocuments();
    const router = policyRouter();
    let ready = false;
    const waiting = untilFirstRenderMatchesPage(router).then((fallback) => {
      ready = true;
      return fallback;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The session is not known yet: a guard would show the loading screen over the page.
    expect(ready).toBe(false);
    renderAsSignedOutVisitor();
    const fallback = await waiting;
    expect(router.state.initialized).toBe(true);
    // The documents also come as SWR's fallback, which is what useSWR answers while hydrating.
    expect(Object.values(fallback)).toEqual([{ results: [terms] }]);
    render(<RouterProvider router={router} />);
    // The first render, not a later one: the text, never a spinner in its place.
    expect(screen.getByText('Terms on the page before the app.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives the root back to input once the app has rendered', () => {
    const container = document.createElement('div');
    container.setAttribute('data-prerendered', '');
    container.setAttribute('inert', '');
    act(() => {
      render(<ReleasePrerendered container={container} />);
    });
    expect(container.hasAttribute('inert')).toBe(false);
    expect(container.hasAttribute('data-prerendered')).toBe(false);
  });
});
