import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { UpdatedTermsDialog } from './updated-terms-dialog.tsx';

const terms = (version: number) => ({
  type: 'terms_conditions',
  version,
  title: 'Terms and Conditions',
  body: `Terms text, revision ${version}.`,
  scroll_required: true,
  timestamp_created: '2026-11-22T12:00:00Z',
});

function renderDialog() {
  const close = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UpdatedTermsDialog id={1} props={{}} close={close} />
    </SWRConfig>,
  );
  return close;
}

describe('UpdatedTermsDialog', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the new version, gates Accept on the checkbox, posts the version and closes with acceptedTerms', async () => {
    const calls = stubApi({
      '/legal-acceptances/pending': { status: 200, body: { results: [terms(4)] } },
      '/legal-acceptances': { status: 200, body: { results: [] } },
    });
    const close = renderDialog();
    expect(await screen.findByText(/Terms and Conditions \(version 4/)).toBeTruthy();
    expect(screen.getByTestId('legal-scroll-region').textContent).toContain('revision 4');
    const accept = screen.getByRole('button', { name: 'Accept and continue' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    // No close button: the only ways out are Accept and Sign out.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(accept.disabled).toBe(false);
    fireEvent.click(accept);
    await waitFor(() => expect(close).toHaveBeenCalledWith({ acceptedTerms: true }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      documents: [{ type: 'terms_conditions', version: 4 }],
    });
  });

  it('shows a newer version to read again when the one accepted was outdated', async () => {
    stubApi({
      '/legal-acceptances/pending': [
        { status: 200, body: { results: [terms(4)] } },
        { status: 200, body: { results: [terms(5)] } },
      ],
      '/legal-acceptances': apiError(409, 'DOCUMENT_VERSION_OUTDATED', 'A newer version was published.'),
    });
    const close = renderDialog();
    await screen.findByText(/version 4/);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect((await screen.findByTestId('updated-terms-error')).textContent).toBe(
      'A newer version was published.',
    );
    expect(await screen.findByText(/version 5/)).toBeTruthy();
    // The newer text must be read and ticked again.
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });
});
