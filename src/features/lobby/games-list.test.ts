import { describe, expect, it } from 'vitest';
import { TEST_CATALOGUE, testGame } from '../../test-support/game-fixtures.ts';
import { cardMark, gamesInCategory, recentlyPlayedGames, searchGames } from './games-list.ts';

const ids = (games: readonly { id: string }[]) => games.map((g) => g.id);

describe('games-list', () => {
  it('gamesInCategory keeps the games tagged with the category; null keeps all', () => {
    expect(ids(gamesInCategory(TEST_CATALOGUE, 'slots'))).toEqual(['crown-jewels', 'fruit-frenzy']);
    expect(ids(gamesInCategory(TEST_CATALOGUE, 'halloween'))).toEqual([]);
    expect(ids(gamesInCategory(TEST_CATALOGUE, null))).toEqual(ids(TEST_CATALOGUE));
  });

  it('searchGames matches every word of the query anywhere in the name, ignoring case and accents', () => {
    const games = [...TEST_CATALOGUE, testGame({ id: 'poker', name: 'Jacks or Better Póker' })];
    expect(ids(searchGames(games, '  jack  '))).toEqual(['blackjack', 'poker']);
    expect(ids(searchGames(games, 'poker jacks'))).toEqual(['poker']);
    expect(ids(searchGames(games, 'crown lucky'))).toEqual([]);
    expect(ids(searchGames(games, '   '))).toEqual(ids(games));
  });

  it('recentlyPlayedGames follows the player order and skips ids no longer in the catalogue', () => {
    expect(ids(recentlyPlayedGames(TEST_CATALOGUE, ['fruit-frenzy', 'gone', 'crown-jewels']))).toEqual([
      'fruit-frenzy',
      'crown-jewels',
    ]);
  });

  it('cardMark: New over Hot, nothing for other categories', () => {
    expect(cardMark({ categories: ['hot', 'new'] })).toBe('New');
    expect(cardMark({ categories: ['slots', 'hot'] })).toBe('Hot');
    expect(cardMark({ categories: ['slots'] })).toBeNull();
  });
});
