import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetStore, store } from '../../state/store.ts';
import { Footer } from './footer.tsx';

function renderFooter(): HTMLElement {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByTestId('site-footer');
}

describe('site footer', () => {
  beforeEach(() => resetStore());
  afterEach(() => cleanup());

  it('links the Official Sweepstakes Rules and names sweepstakes in the legal notice', () => {
    const footer = renderFooter();
    expect(screen.getByRole('link', { name: 'Official Sweepstakes Rules' })).toBeTruthy();
    expect(screen.getByTestId('legal-notice').textContent).toContain(
      'Sweepstakes promotions are not available',
    );
    expect(footer.textContent).toContain('Terms and Conditions');
  });

  it('gold-only mode: no sweepstakes link or wording, the other policies stay', () => {
    store.properties.values.gold_only_mode = 'true';
    const footer = renderFooter();
    expect(footer.textContent).not.toMatch(/sweep/i);
    expect(screen.getByTestId('legal-notice').textContent).toContain(
      'Promotions are not available to residents of CT, ID, MI, MT, NV, NJ, NY and WA.',
    );
    for (const name of [
      'Terms and Conditions',
      'Privacy Policy',
      'Official Game Rules',
      'Responsible Social Gaming',
    ])
      expect(screen.getByRole('link', { name })).toBeTruthy();
  });
});
