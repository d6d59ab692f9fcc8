/**
 * /my-account/game-history: recall of the house games. The last 10 rounds of each game (the
 * last one and the 9 before it), newest first, with the bet, the win, the balance before and
 * after, every step of the round, its seeds and nonce, and "Verify", which replays a finished
 * round from its revealed seed in the browser; the player's seeds can be seen, changed and
 * rotated here too. `?game=<id>` shows one game's rounds (the game page links here that way).
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { css } from '@linaria/core';
import { GAMES_API_PATHS, RecallResponseSchema, type RecalledRound } from '../../contract/games.ts';
import { gameHistoryPath } from '../../contract/routes.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useFairnessSeeds } from '../../lib/use-fairness-seeds.ts';
import { useApiGet } from '../../lib/swr.tsx';
import { useRoundVerification } from '../../lib/use-round-verification.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { PageWaiting } from '../../ui/page-waiting.tsx';
import { RecalledRoundCard } from './recalled-round-card.tsx';

/**
 * The seeds' section (current commitment, client seed form, rotate) loads beside the page, not with
 * it: its heading and card are drawn at once, the section fills them a moment later (the seeds come
 * from their own request anyway), so the page's first load stays within the 150 KB budget.
 */
const FairnessSeedsSection = lazy(() =>
  import('../../lib/fairness-seeds-section.tsx').then((m) => ({ default: m.FairnessSeedsSection })),
);

const intro = css`
  margin: 0 0 var(--space-4);
`;
const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-3);
`;

/** Rounds grouped by game, games in the order of their newest round. */
function byGame(
  rounds: readonly RecalledRound[],
): { gameId: string; name: string; rounds: RecalledRound[] }[] {
  const groups = new Map<string, { gameId: string; name: string; rounds: RecalledRound[] }>();
  for (const round of rounds) {
    let group = groups.get(round.game_id);
    if (!group) {
      group = { gameId: round.game_id, name: round.game_name, rounds: [] };
      groups.set(round.game_id, group);
    }
    group.rounds.push(round);
  }
  return [...groups.values()];
}

export default function GameHistoryPage() {
  const [params] = useSearchParams();
  const gameFilter = params.get('game');
  const recall = useApiGet(GAMES_API_PATHS.allRecentRounds, RecallResponseSchema, { handleErrors: false });
  const { results, verify } = useRoundVerification();
  const seeds = useFairnessSeeds();

  const rounds = (recall.data?.results ?? []).filter((r) => !gameFilter || r.game_id === gameFilter);
  const groups = byGame(rounds);
  const filteredName = gameFilter ? groups[0]?.name : undefined;

  return (
    <Page title="Game history">
      <p className={intro}>
        The last 10 rounds of each game, newest first. A round&apos;s server seed is revealed when you rotate
        your seed (Fairness, in any game); then Verify replays the round here and shows whether it comes out
        the same.
      </p>
      {gameFilter ? (
        <p className={intro}>
          Showing {filteredName ?? 'one game'} only. <AppLink to={gameHistoryPath()}>Show every game</AppLink>
        </p>
      ) : null}
      {recall.error ? (
        <Notice tone="error">
          {isApiError(recall.error) ? recall.error.message : 'Your game history could not be loaded.'}
        </Notice>
      ) : null}
      {!recall.data && !recall.error ? <PageWaiting /> : null}
      {recall.data && groups.length === 0 ? (
        <Notice tone="info">No rounds played yet{gameFilter ? ' in this game' : ''}.</Notice>
      ) : null}
      <Card>
        <h2>Fairness</h2>
        <Suspense fallback={null}>
          <FairnessSeedsSection seeds={seeds} onRotated={() => recall.mutate()} />
        </Suspense>
      </Card>
      {groups.map((group) => (
        <Card key={group.gameId}>
          <h2>{group.name}</h2>
          <ul className={list} aria-label={`${group.name} rounds`}>
            {group.rounds.map((round) => (
              <RecalledRoundCard
                key={round.id}
                round={round}
                verify={verify}
                result={results[round.id]}
                reloading={seeds.busy === 'rotate'}
              />
            ))}
          </ul>
        </Card>
      ))}
    </Page>
  );
}
