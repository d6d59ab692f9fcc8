import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SweepsHoldNotice } from './sweeps-hold-notice.tsx';

const show = (hold: Parameters<typeof SweepsHoldNotice>[0]['hold']) =>
  render(
    <MemoryRouter>
      <SweepsHoldNotice hold={hold} />
    </MemoryRouter>,
  );

describe('SweepsHoldNotice', () => {
  afterEach(cleanup);

  it('a state without Sweeps: names the state, no action', () => {
    show({ kind: 'state', state: 'FL' });
    expect(screen.getByRole('status').textContent).toContain('residents of Florida');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('identity required: VERIFY goes to the identity section of My Account', () => {
    show({ kind: 'identity', identityState: 'required' });
    expect(screen.getByRole('link', { name: 'VERIFY' }).getAttribute('href')).toBe(
      '/my-account#identity-verification',
    );
  });

  it('identity pending: CHECK VERIFICATION; rejected: contact support', () => {
    show({ kind: 'identity', identityState: 'pending' });
    expect(screen.getByRole('link', { name: 'CHECK VERIFICATION' })).toBeTruthy();
    cleanup();
    show({ kind: 'identity', identityState: 'rejected' });
    expect(screen.getByRole('link').getAttribute('href')).toMatch(/^mailto:/);
  });

  it('shows nothing in gold-only mode (nobody has Sweeps there)', () => {
    const { container } = show({ kind: 'gold_only' });
    expect(container.textContent).toBe('');
  });
});
