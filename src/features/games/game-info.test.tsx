import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testGame } from '../../test-support/game-fixtures.ts';
import { formatRtp, GameInfo } from './game-info.tsx';

describe('GameInfo', () => {
  it("shows the game's declared RTP as the rules state it, its bets and the rules link", () => {
    render(<GameInfo game={testGame({ id: 'crown-jewels', name: 'Crown Jewels', rtp: 95.3 })} />);
    expect(screen.getByText('Return to player').nextElementSibling?.textContent).toBe('95.30 %');
    expect(screen.getByText('Gold Coin bets').nextElementSibling?.textContent).toBe('100 to 10,000');
    expect(screen.getByText('Sweeps Coin bets').nextElementSibling?.textContent).toBe('0.20 to 20.00');
    expect(screen.getByRole('link', { name: 'Official Game Rules' }).getAttribute('href')).toBe(
      '/policies/official-game-rules',
    );
  });

  it('writes RTPs with two decimals', () => {
    expect(formatRtp(99.5)).toBe('99.50 %');
    expect(formatRtp(95.4839)).toBe('95.48 %');
  });
});
