/**
 * Legal documents acceptance and responsible play at 390 px, on a server of this file's own
 * (scripts/e2e-server.mjs --legal-test-mode, project "chromium-legal"): publishing a new terms
 * version asks every player of the server again, so it must not share a server with other specs.
 *   - joining: the accept checkbox stays disabled until the terms are scrolled to the end, then
 *     Create account waits for the tick;
 *   - updated terms: a new version published on the running server; a returning player in a
 *     fresh browser context meets the updated-terms dialog before any play, must scroll and
 *     accept; the server refuses a game start until then;
 *   - a break taken in My Account: the lobby and the game page say until when, a game start is
 *     refused by the server.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { GAMES_API_PATHS, HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { LEGAL_ACCEPTANCE_PATHS } from '../../src/contract/legal-acceptance.ts';
import { ROUTES, withParams } from '../../src/contract/routes.ts';
import { E2E_LEGAL_PORT } from './support/settings.ts';
import { useOwnServer } from './support/own-server.ts';
import {
  createPlayerViaApi,
  expectLobby,
  fillJoinForm,
  newPlayer,
  signIn,
  submitJoinForm,
  type NewPlayer,
} from './support/app.ts';

const ORIGIN = `http://localhost:${E2E_LEGAL_PORT}`;

/** Whether a server with the legal test path answers on the port. */
async function legalServerUp(): Promise<'legal' | 'other' | null> {
  try {
    const res = await fetch(`${ORIGIN}${apiUrl(API_PATHS.health)}`, { signal: AbortSignal.timeout(2_000) });
    if (!res.ok) return null;
    // The test path answers 403 CSRF (it exists) on a legal-test-mode server, 404 elsewhere.
    const probe = await fetch(`${ORIGIN}${apiUrl(LEGAL_ACCEPTANCE_PATHS.testPublish)}`, {
      method: 'POST',
      signal: AbortSignal.timeout(2_000),
    });
    return probe.status === 404 ? 'other' : 'legal';
  } catch {
    return null;
  }
}

// One server for the file (its tests run in order in one worker); a legal-test-mode server left on
// the port by a local run is reused.
useOwnServer({
  port: E2E_LEGAL_PORT,
  flags: ['--legal-test-mode'],
  probe: async () => {
    const running = await legalServerUp();
    return running === 'legal' ? 'ours' : running;
  },
});

/** A CSRF token for the request context's cookie jar. */
async function csrfOf(request: APIRequestContext): Promise<string> {
  const res = await request.get(apiUrl(API_PATHS.csrf));
  return ((await res.json()) as { csrf_token: string }).csrf_token;
}

/** Signs the player in on the API context (a session of its own) and tries a game start there. */
async function tryGameStart(
  request: APIRequestContext,
  p: NewPlayer,
): Promise<{ status: number; code: string }> {
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: await csrfOf(request) },
    data: { email: p.email, password: p.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const res = await request.post(apiUrl(GAMES_API_PATHS.startRound(HOUSE_GAME_IDS.scratchCard)), {
    headers: {
      Authorization: `JWT ${token}`,
      [CSRF_HEADER]: await csrfOf(request),
      [IDEMPOTENCY_HEADER]: crypto.randomUUID(),
    },
    data: { betValue: 100, currency: 'gold' },
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status(), code: body.code ?? '' };
}

async function scrollToEnd(page: Page): Promise<void> {
  const region = page.getByTestId('legal-scroll-region');
  await region.focus();
  // The keyboard scrolls the focused region, as a player without a pointer would.
  await page.keyboard.press('End');
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

test('joining: the accept checkbox waits for the end of the terms, Create account for the tick', async ({
  page,
}) => {
  await page.goto(ROUTES.createUser);
  const p = newPlayer();
  await page.getByLabel('First name', { exact: true }).fill(p.firstName);
  const box = page.getByLabel(/I am at least 18 years old/);
  const create = page.getByRole('button', { name: 'Create account', exact: true });
  await expect(box).toBeDisabled();
  await expect(create).toBeDisabled();
  // Why it is disabled is part of the checkbox's description.
  await expect(box).toHaveAccessibleDescription(
    'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.',
  );
  const region = page.getByTestId('legal-scroll-region');
  await expect(region).toContainText('Terms');
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 3 }));
  await expect(box).toBeDisabled();
  await scrollToEnd(page);
  await expect(box).toBeEnabled();
  await expect(page.getByTestId('legal-scroll-status')).toHaveText(
    'You have reached the end of the documents.',
  );
  await expect(create).toBeDisabled();
  await box.check();
  await expect(create).toBeEnabled();
  for (const name of ['Terms and Conditions', 'Official Sweepstakes Rules', 'Privacy Policy'])
    await expect(page.getByTestId('legal-acceptance').getByRole('link', { name, exact: true })).toBeVisible();

  await fillJoinForm(page, p);
  await submitJoinForm(page);
  await expectLobby(page);
  // Accepted at sign-up: nothing is asked afterwards.
  await expect(page.getByTestId('dialog-updated-terms')).toHaveCount(0);
});

test('updated terms: a returning player meets the dialog before play, scrolls and accepts', async ({
  browser,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  const published = await request.post(apiUrl(LEGAL_ACCEPTANCE_PATHS.testPublish), {
    headers: { [CSRF_HEADER]: await csrfOf(request) },
    data: { type: 'terms_conditions' },
  });
  expect(published.status(), await published.text()).toBe(201);
  const { version } = (await published.json()) as { version: number };
  expect(await tryGameStart(request, p)).toEqual({ status: 403, code: 'TERMS_ACCEPTANCE_REQUIRED' });

  // A fresh browser context: the returning player's next visit.
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(ROUTES.login);
  await signIn(page, p.email, p.password);
  const dialog = page.getByTestId('dialog-updated-terms');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Updated Terms' })).toBeVisible();
  await expect(dialog).toContainText(`Terms and Conditions (version ${version}`);
  await expect(dialog.getByTestId('legal-scroll-region')).toContainText(`Revision ${version}`);
  for (const name of ['Terms and Conditions', 'Official Sweepstakes Rules', 'Privacy Policy'])
    await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
  // Not dismissible: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const box = dialog.getByLabel(/I am at least 18 years old/);
  const accept = dialog.getByRole('button', { name: 'Accept and continue' });
  await expect(box).toBeDisabled();
  await expect(accept).toBeDisabled();
  await scrollToEnd(page);
  await expect(box).toBeEnabled();
  await box.check();
  await expect(accept).toBeEnabled();
  await accept.click();
  await expect(dialog).toHaveCount(0);
  await expectLobby(page);
  // Accepted once: the server lets the player play (no coins yet: refused for the balance, not the terms).
  const after = await tryGameStart(request, p);
  expect(after.code).not.toBe('TERMS_ACCEPTANCE_REQUIRED');
  // Not asked again on the next visit.
  await page.reload();
  await expectLobby(page);
  await expect(page.getByTestId('dialog-updated-terms')).toHaveCount(0);
  await context.close();
});

test('a break taken in My Account blocks game starts; the lobby and the game page say until when', async ({
  page,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await page.goto(ROUTES.login);
  await signIn(page, p.email, p.password);
  await expectLobby(page);
  await expect(page.getByTestId('play-restriction-banner')).toHaveCount(0);

  await page.goto(`${ROUTES.myAccount}#responsible-play`);
  await expect(page.getByRole('heading', { name: 'Responsible play' })).toBeVisible();
  await page.getByRole('radio', { name: '72 hours' }).check();
  await page.getByRole('button', { name: 'Take a break', exact: true }).click();
  const confirm = page.getByTestId('dialog-confirm-restriction');
  await expect(confirm).toContainText('a break of 72 hours');
  await expect(confirm).toContainText(
    'you can still sign in to redeem your Sweeps Coins and read your history',
  );
  await confirm.getByRole('button', { name: 'Confirm break' }).click();
  await expect(confirm).toHaveCount(0);
  const status = page.getByTestId('responsible-play-status');
  await expect(status).toContainText('You are taking a break from play until');
  await expect(status).toContainText('cannot be shortened');
  await expect(
    page.getByTestId('responsible-play-open').getByRole('link', { name: 'Redeem your Sweeps Coins' }),
  ).toBeVisible();

  // A shorter break is refused by the server and said so.
  await page.getByRole('radio', { name: '24 hours' }).check();
  await page.getByRole('button', { name: 'Take a break', exact: true }).click();
  await page.getByTestId('dialog-confirm-restriction').getByRole('button', { name: 'Confirm break' }).click();
  await expect(page.getByTestId('responsible-play-error')).toContainText('cannot be shortened');

  await page.goto(ROUTES.lobby);
  const banner = page.getByTestId('play-restriction-banner');
  await expect(banner).toContainText(/You are taking a break from play until \w{3} \d{1,2}, \d{4}, .+ ET\./);
  await expect(banner).toContainText('You can still redeem and read your history.');
  await page.goto(withParams(ROUTES.game, { gameId: HOUSE_GAME_IDS.scratchCard }));
  await expect(page.getByTestId('play-restriction-banner')).toContainText('taking a break');
  expect(await tryGameStart(request, p)).toEqual({ status: 403, code: 'PLAY_RESTRICTED' });
});
