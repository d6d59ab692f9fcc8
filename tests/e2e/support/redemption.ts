/**
 * Set-up of the redemption browser specs over the API, as the app and the operator console make
 * the same calls: the player's API session, Lucky Scratch tickets played with Sweeps Coins until
 * they have won some (the only coins that become redeemable), the operator marking a player's
 * identity verified, and the operator lowering the redemption minimums to one cent.
 */
import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../../src/contract/api-paths.ts';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  GAMES_API_PATHS,
  HOUSE_GAME_IDS,
  type GamesCatalogue,
  type RoundAnswer,
} from '../../../src/contract/games.ts';
import { OPERATOR_API_PATHS } from '../../../src/contract/operator.ts';
import type { NewPlayer } from './app.ts';
import { E2E_OPERATOR } from './operator.ts';

/** Every minimum at one cent: a fresh player's winnings are a few cents to a few Sweeps Coins. */
export const CENT_MINIMUMS = JSON.stringify({
  redeemable_sweeps_coins_per_usd: 1,
  ach_minimum_redemption_usd: 0.01,
  paper_check_minimum_redemption_usd: 0.01,
  paypal_minimum_redemption_usd: 0.01,
  prizeout_minimum_redemption_usd: 0.01,
  ach_low_minimum_redemption_usd: 0.01,
  paper_check_low_minimum_redemption_usd: 0.01,
  paypal_low_minimum_redemption_usd: 0.01,
  prizeout_low_minimum_redemption_usd: 0.01,
});

const csrfOf = async (api: APIRequestContext, path: string): Promise<string> => {
  const res = await api.get(path);
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { csrf_token: string }).csrf_token;
};

/** The player's API session (as the app holds it): a JWT and the CSRF token bound to it. */
export async function playerApiSession(
  request: APIRequestContext,
  p: NewPlayer,
): Promise<Record<string, string>> {
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: await csrfOf(request, apiUrl(API_PATHS.csrf)) },
    data: { email: p.email, password: p.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `JWT ${token}`, [CSRF_HEADER]: await csrfOf(request, apiUrl(API_PATHS.csrf)) };
}

/**
 * Plays Lucky Scratch tickets with Sweeps Coins (the smallest bet) until they have won at least
 * `wanted` redeemable Sweeps Coins or the unplayed ones run out. Answers the redeemable balance.
 * Sets the player's client seed first, as the app does before a new player's first round.
 */
export async function winSweeps(request: APIRequestContext, p: NewPlayer, wanted: number): Promise<number> {
  const headers = await playerApiSession(request, p);
  const catalogue = (await (await request.get(apiUrl(GAMES_API_PATHS.catalogue))).json()) as GamesCatalogue;
  const scratch = catalogue.results.find((g) => g.id === HOUSE_GAME_IDS.scratchCard)!;
  const bet = Math.min(...scratch.bet_steps.sweeps);
  const seeded = await request.put(apiUrl(GAMES_API_PATHS.fairnessClientSeed), {
    headers,
    data: { client_seed: randomUUID().replaceAll('-', '') },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);
  let redeemable = 0;
  let unplayed = 2;
  while (redeemable < wanted && unplayed >= bet) {
    const bought = await request.post(apiUrl(GAMES_API_PATHS.purchaseInstantWin), {
      headers: { ...headers, [IDEMPOTENCY_HEADER]: randomUUID() },
      data: { gameId: HOUSE_GAME_IDS.scratchCard, betValue: bet, currency: 'sweeps' },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const ticket = (await bought.json()) as RoundAnswer;
    const redeemed = await request.post(apiUrl(GAMES_API_PATHS.redeemInstantWin), {
      headers: { ...headers, [IDEMPOTENCY_HEADER]: randomUUID() },
      data: { ticketId: ticket.round.id, numScratched: 9, numSpots: 9 },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    const { balances } = (await redeemed.json()) as RoundAnswer;
    redeemable = balances.balance_redeemable_ghc;
    unplayed = balances.balance_paid_ghc + balances.balance_free_ghc;
  }
  return redeemable;
}

/** Runs `act` in an operator API session of the test operator (its own cookie jar). */
export async function asOperator(
  baseURL: string,
  act: (operator: APIRequestContext, headers: Record<string, string>) => Promise<void>,
): Promise<void> {
  const operator = await playwrightRequest.newContext({ baseURL });
  try {
    const signIn = await operator.post(apiUrl(OPERATOR_API_PATHS.session), {
      headers: { [CSRF_HEADER]: await csrfOf(operator, apiUrl(OPERATOR_API_PATHS.csrf)) },
      data: { email: E2E_OPERATOR.email, password: E2E_OPERATOR.password },
    });
    expect(signIn.ok(), `operator sign-in answered ${signIn.status()}: ${await signIn.text()}`).toBeTruthy();
    await act(operator, { [CSRF_HEADER]: await csrfOf(operator, apiUrl(OPERATOR_API_PATHS.csrf)) });
  } finally {
    await operator.dispose();
  }
}

/** The operator marks the player's identity verified (redemptions need it). */
export async function verifyIdentityAsOperator(baseURL: string, email: string): Promise<void> {
  await asOperator(baseURL, async (operator, headers) => {
    const res = await operator.post(apiUrl(OPERATOR_API_PATHS.identity), {
      headers,
      data: { email, state: 'verified', reason: 'Documents checked by support (browser test)' },
    });
    expect(res.ok(), `identity state answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  });
}

/** The operator sets every redemption minimum to one cent (the redemption values named property). */
export async function setCentMinimums(baseURL: string): Promise<void> {
  await asOperator(baseURL, async (operator, headers) => {
    const res = await operator.put(apiUrl(OPERATOR_API_PATHS.property('redemption_values')), {
      headers,
      data: { value: CENT_MINIMUMS, reason: 'Browser test: cent minimums' },
    });
    expect(res.ok(), `property answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  });
}
