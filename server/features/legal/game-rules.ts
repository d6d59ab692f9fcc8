/**
 * The Official Game Rules document is written in two places that must not drift: the general
 * rules (documents/game-rules.md) and each house game's own rules (games/<id>/rules.md, kept
 * beside the game's code and its engine). The published document is the general text with every
 * game's rules put in at the {{GAME_RULES}} mark, headings moved one level down so each game is
 * a section of its own ("# Title" -> "## Title", "## Part" -> "### Part", "### Detail" -> a
 * strong line).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEED_GAMES } from '../games/public.ts';

const GAMES_DIR = fileURLToPath(new URL('../../../games/', import.meta.url));
export const GAME_RULES_MARK = '{{GAME_RULES}}';

export const gameRulesFile = (gameId: string): string => `${GAMES_DIR}${gameId}/rules.md`;

/** One game's rules as a section of the document. */
export function demoteHeadings(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const heading = /^(#{1,3})\s+(.+)$/.exec(line);
      if (!heading) return line;
      const text = (heading[2] ?? '').trim();
      if (heading[1] === '#') return `## ${text.replace(/\s*[—:-]+\s*game rules$/i, '')}`;
      if (heading[1] === '##') return `### ${text}`;
      return `**${text}**`;
    })
    .join('\n')
    .trim();
}

/** The general rules with every house game's rules in catalogue order at the mark. */
export function composeGameRules(
  general: string,
  readRules: (gameId: string) => string = readGameRules,
): string {
  const sections = SEED_GAMES.filter((g) => g.kind === 'house').map((g) => demoteHeadings(readRules(g.id)));
  if (!general.includes(GAME_RULES_MARK))
    throw new Error(`The game rules document has no ${GAME_RULES_MARK} mark`);
  return general.replace(GAME_RULES_MARK, sections.join('\n\n'));
}

const readGameRules = (gameId: string): string => readFileSync(gameRulesFile(gameId), 'utf8');
