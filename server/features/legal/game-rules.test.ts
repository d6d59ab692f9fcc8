import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_GAMES } from '../games/catalogue.ts';
import { composeGameRules, demoteHeadings, GAME_RULES_MARK } from './game-rules.ts';
import { documentFile } from './legal-documents.ts';

const general = readFileSync(documentFile('game_rules'), 'utf8');
const published = composeGameRules(general);
const percent = (rtp: number) => `${rtp.toFixed(2)} %`;

describe('Official Game Rules', () => {
  it("carries every house game's rules, each as a section of its own", () => {
    expect(published).not.toContain(GAME_RULES_MARK);
    for (const game of SEED_GAMES.filter((g) => g.kind === 'house'))
      expect(published).toMatch(new RegExp(`^## ${game.name}\\b`, 'm'));
    expect(published).not.toMatch(/^# /m);
  });

  it("states each game's declared RTP, the figure the catalogue shows and the RTP tool checks", () => {
    for (const game of SEED_GAMES) {
      const section =
        game.kind === 'house'
          ? (published.split(/^## /m).find((part) => part.startsWith(game.name)) ?? '')
          : published;
      expect(section, game.name).toContain(percent(game.rtp));
    }
  });

  it('moves headings one level down and keeps the text', () => {
    expect(demoteHeadings('# Blackjack: game rules\n\n## Pays\ntext\n### Insurance\n- item')).toBe(
      '## Blackjack\n\n### Pays\ntext\n**Insurance**\n- item',
    );
  });

  it('refuses a general text without the place for the games', () => {
    expect(() => composeGameRules('no mark here', () => '# X')).toThrow(/mark/);
  });
});
