import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetStore, store } from '../../state/store.ts';
import { HomePage } from './home-page.tsx';

function renderHome(): string {
  const { container } = render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
  return container.textContent ?? '';
}

describe('home page', () => {
  beforeEach(() => resetStore());
  afterEach(() => cleanup());

  it('presents Gold Coins and Sweeps Coins in the full product', () => {
    const text = renderHome();
    expect(text).toContain('Two kinds of coins');
    expect(text).toContain('Redeem Sweeps Coins');
    expect(text).toContain('Official Sweepstakes Rules');
  });

  it('names no Sweeps in gold-only mode and still explains three steps', () => {
    store.properties.values.gold_only_mode = 'true';
    const text = renderHome();
    expect(text).not.toMatch(/sweep/i);
    expect(text).toContain('Claim free bonuses');
    expect(document.querySelectorAll('ol > li')).toHaveLength(3);
  });
});
