import { cleanup, render, screen } from '@testing-library/react';
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

  it("shows the catalogue's RTP note under the figure, and nothing when there is none", () => {
    cleanup();
    const note = 'Between 88.00 % (a casual player) and 97.50 % (an expert).';
    const { unmount } = render(
      <GameInfo
        game={testGame({ id: 'klondike', name: 'Klondike Solitaire', rtp: 95.48, rtp_note: note })}
      />,
    );
    const rtp = screen.getByText('Return to player').nextElementSibling!;
    expect(rtp.textContent).toBe(`95.48 %${note}`);
    expect(screen.getByTestId('rtp-note').textContent).toBe(note);
    unmount();
    for (const rtp_note of [null, undefined]) {
      const view = render(
        <GameInfo game={testGame({ id: 'blackjack', name: 'Blackjack', rtp: 99.57, rtp_note })} />,
      );
      expect(screen.getByText('Return to player').nextElementSibling?.textContent).toBe('99.57 %');
      expect(screen.queryByTestId('rtp-note')).toBeNull();
      view.unmount();
    }
  });

  it("shows a skill game's return as the range from a casual player to an expert", () => {
    cleanup();
    const note = 'Depends on how you play: 88.60 % for a casual player, up to 93.39 % for an expert.';
    render(
      <GameInfo
        game={testGame({
          id: 'klondike',
          name: 'Klondike Solitaire',
          rtp: 88.6,
          rtp_max: 93.39,
          rtp_note: note,
        })}
      />,
    );
    const rtp = screen.getByText('Return to player').nextElementSibling!;
    expect(rtp.textContent).toBe(`88.60 % to 93.39 %${note}`);
  });

  it("shows the top win the catalogue publishes (the vendor game's), and no line when there is none", () => {
    cleanup();
    const vendor = render(
      <GameInfo
        game={testGame({ id: 'fruit-frenzy', name: 'Fruit Frenzy', kind: 'vendor', max_win_multiple: 100 })}
      />,
    );
    expect(screen.getByText('Top win').nextElementSibling?.textContent).toBe('100 times the bet');
    vendor.unmount();
    for (const max_win_multiple of [null, undefined]) {
      const view = render(
        <GameInfo game={testGame({ id: 'blackjack', name: 'Blackjack', max_win_multiple })} />,
      );
      expect(screen.queryByText('Top win')).toBeNull();
      view.unmount();
    }
  });

  it('writes RTPs with two decimals', () => {
    expect(formatRtp(99.5)).toBe('99.50 %');
    expect(formatRtp(95.4839)).toBe('95.48 %');
  });
});
