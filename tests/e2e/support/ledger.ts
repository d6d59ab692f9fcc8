/**
 * What the server holds for a player after a flaky run, read over the API in a session of the
 * test's own (its own cookie jar, so the page's session and refresh cookie are left alone): the
 * Gold balance and the number of ledger entries of each kind. The flaky-network specs compare
 * it with what the player saw: the header balance, one bet per round shown, one purchase per
 * purchase shown.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../../src/contract/constants.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import { WALLET_API_PATHS, type TransactionKind } from '../../../src/contract/wallet.ts';
import type { NewPlayer } from './app.ts';
import { headerAmount } from './games-play.ts';

export interface ServerLedger {
  balances: Balances;
  /** Gold ledger entries of `kind` (all time). */
  goldEntries(kind: TransactionKind): Promise<number>;
  sweepsEntries(kind: TransactionKind): Promise<number>;
}

export async function serverLedger(request: APIRequestContext, p: NewPlayer): Promise<ServerLedger> {
  const csrf = ((await (await request.get(apiUrl(API_PATHS.csrf))).json()) as { csrf_token: string })
    .csrf_token;
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: csrf },
    data: { email: p.email, password: p.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `JWT ${token}` };
  const balances = (await (await request.get(apiUrl(API_PATHS.balances), { headers })).json()) as Balances;
  const count = async (path: string, kind: TransactionKind): Promise<number> => {
    const res = await request.get(apiUrl(path), { headers, params: { kind } });
    expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
    return ((await res.json()) as { count: number }).count;
  };
  return {
    balances,
    goldEntries: (kind) => count(WALLET_API_PATHS.goldTransactions, kind),
    sweepsEntries: (kind) => count(WALLET_API_PATHS.sweepsTransactions, kind),
  };
}

/** The header's Gold amount settles on the server's balance. */
export async function expectHeaderGoldMatchesServer(page: Page, ledger: ServerLedger): Promise<void> {
  await expect
    .poll(async () => Math.round(await headerAmount(page)), { timeout: 20_000 })
    .toBe(Math.round(ledger.balances.balance_total_gld));
}
