/** Test helper (unit tests only): catalogue games shaped like the server's answer. */
import type { Game } from '../contract/games.ts';

export function testGame(overrides: Partial<Game> & Pick<Game, 'id' | 'name'>): Game {
  return {
    kind: 'house',
    categories: [],
    art_url: `/games/art/${overrides.id}.svg`,
    description: `${overrides.name}, a test game.`,
    maintenance: false,
    maintenance_until: null,
    version: '1',
    metadata: { disabledCurrencies: [] },
    min_bet: { gold: 100, sweeps: 0.2 },
    max_bet: { gold: 10_000, sweeps: 20 },
    rtp: 96,
    bet_steps: { gold: [100, 1000], sweeps: [0.2, 1] },
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A small catalogue: a hot slot, a new table game, a scratch card under maintenance, the vendor slot. */
export const TEST_CATALOGUE: Game[] = [
  testGame({ id: 'crown-jewels', name: 'Crown Jewels', categories: ['hot', 'slots', 'exclusive'] }),
  testGame({ id: 'blackjack', name: 'Blackjack', categories: ['table-games', 'new'] }),
  testGame({
    id: 'lucky-scratch',
    name: 'Lucky Scratch',
    categories: ['scratchcards'],
    maintenance: true,
    maintenance_until: '2026-11-23T12:00:00Z',
  }),
  testGame({ id: 'fruit-frenzy', name: 'Fruit Frenzy', kind: 'vendor', categories: ['slots'] }),
];

/**
 * The catalogue's bet steps of the house games (display units), as the host's init hands them to
 * a game: what the game tests play with (server/features/games/catalogue.ts, SEED_BET_STEPS).
 */
export const HOUSE_BET_STEPS: Game['bet_steps'] = {
  gold: [100, 200, 500, 1000, 2500],
  sweeps: [0.2, 0.5, 1, 2, 5],
};
