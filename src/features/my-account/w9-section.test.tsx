import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { W9State } from '../../contract/player-standing.ts';
import { resetStore, store } from '../../state/store.ts';
import { demoUser } from '../../state/test-fixtures.ts';
import { W9Section } from './w9-section.tsx';

function renderFor(w9State: W9State | undefined) {
  store.session.status = 'signed-in';
  store.session.user = { ...demoUser(), w9_state: w9State };
  render(
    <MemoryRouter>
      <W9Section />
    </MemoryRouter>,
  );
}

describe('My Account: tax information (W-9)', () => {
  beforeEach(() => resetStore());
  afterEach(() => cleanup());

  it('before the threshold: explains the $600 rule and offers the form', () => {
    renderFor('not_required');
    expect(screen.getByRole('heading', { name: 'Tax information (W-9)' }).id).toBe('tax-information');
    expect(screen.getByText(/reach \$600\.00 in a calendar year/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fill in W-9' }).getAttribute('href')).toBe('/w9-form');
  });

  it('an older user without the field reads as not required', () => {
    renderFor(undefined);
    expect(screen.getByRole('link', { name: 'Fill in W-9' })).toBeTruthy();
  });

  it('required: says play and redemption wait for it, with the way to the form', () => {
    renderFor('required');
    expect(screen.getByTestId('w9-section-required').textContent).toMatch(/before you can continue to play/);
    expect(screen.getByRole('link', { name: 'Fill in W-9' }).getAttribute('href')).toBe('/w9-form');
  });

  it('confirmed: says so, no form; mismatched: suspended, support, no form', () => {
    renderFor('confirmed');
    expect(screen.getByTestId('w9-section-confirmed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Fill in W-9' })).toBeNull();
    cleanup();
    renderFor('mismatched');
    expect(screen.getByTestId('w9-section-mismatched').textContent).toMatch(/suspended/);
    expect(screen.queryByRole('link', { name: 'Fill in W-9' })).toBeNull();
  });
});
