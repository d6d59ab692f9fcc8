/**
 * Helpers shared by the browser specs: the demo player, fresh players, and the forms as a player
 * uses them (by visible label, as the team brief's UI conventions define them).
 */
import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../../src/contract/constants.ts';
import { ROUTES } from '../../../src/contract/routes.ts';

/** Seeded on the server's first start (team brief, "Demo player"). */
export const DEMO = {
  email: 'demo@luckycrown.example',
  password: 'DemoPlayer#2026',
  firstName: 'Demo',
  /** 250,000 Gold Coins and 25.00 Sweeps Coins, as the header shows them. */
  goldText: '250,000',
  sweepsText: '25.00',
} as const;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface NewPlayer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  postalCode: string;
  birthYear: number;
  /** 1..12 */
  birthMonth: number;
  birthDay: number;
}

/** Letters only: names with digits may (rightly) be refused by the name rules. */
function randomLetters(n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 1) s += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return s;
}

/**
 * A player nobody has joined as yet: unique email and last name, so the one-account-per-person
 * and household rules never see two test players as the same person, even across retries.
 */
export function newPlayer(overrides: Partial<NewPlayer> = {}): NewPlayer {
  const tag = randomLetters(8);
  return {
    firstName: 'Avery',
    lastName: `Tester${tag[0]?.toUpperCase() ?? 'X'}${tag.slice(1)}`,
    email: `avery.${tag}.${Date.now().toString(36)}@example.com`,
    password: 'Crown-Quest-2026!x',
    postalCode: '60601',
    birthYear: 1990,
    birthMonth: 6,
    birthDay: 12,
    ...overrides,
  };
}

/** A birth date that turns 18 tomorrow: under 18 today whatever the current date. */
export function seventeenYearOld(): Pick<NewPlayer, 'birthYear' | 'birthMonth' | 'birthDay'> {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 18);
  d.setDate(d.getDate() + 1);
  return { birthYear: d.getFullYear(), birthMonth: d.getMonth() + 1, birthDay: d.getDate() };
}

export async function fillJoinForm(page: Page, p: NewPlayer): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill(p.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(p.lastName);
  await page.getByLabel('Email', { exact: true }).fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
  await page.getByLabel('ZIP code', { exact: true }).fill(p.postalCode);
  await page
    .getByLabel('Birth month', { exact: true })
    .selectOption({ label: MONTHS[p.birthMonth - 1] ?? 'January' });
  await page.getByLabel('Birth day', { exact: true }).selectOption({ label: String(p.birthDay) });
  await page.getByLabel('Birth year', { exact: true }).selectOption({ label: String(p.birthYear) });
  await acceptTermsByScrolling(page);
  await tickRobotCheck(page);
}

/** Ticks the join form's "I'm not a robot" and waits until the check is solved. */
export async function tickRobotCheck(page: Page): Promise<void> {
  await page.getByLabel("I'm not a robot").check();
  await expect(page.getByTestId('robot-check-status')).toHaveText('Verified', { timeout: 20_000 });
}

/** Leading zero bits of a SHA-256 digest (the sandbox robot check's work, docs/amoe.md). */
function zeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

/** The join's robot check solved as the page does: `{ g_token, g_id }` for a sign-up. */
export async function solvedJoinRobotCheck(
  request: APIRequestContext,
): Promise<{ g_token: string; g_id: string }> {
  const res = await request.get(apiUrl(API_PATHS.joinRobotCheck));
  expect(res.ok(), `GET robot check answered ${res.status()}`).toBeTruthy();
  const { challenge, difficulty, site_key } = (await res.json()) as {
    challenge: string;
    difficulty: number;
    site_key: string;
  };
  let n = 0;
  while (zeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) < difficulty) n += 1;
  return { g_token: `${challenge}:${n}`, g_id: site_key };
}

/**
 * Scroll gating (spec section 4): the accept checkbox is enabled once the terms' scroll region
 * has been scrolled to its end; then it is ticked.
 */
export async function acceptTermsByScrolling(page: Page): Promise<void> {
  const region = page.getByTestId('legal-scroll-region');
  const box = page.getByLabel(/I am at least 18 years old/);
  // The checkbox shows once the documents to accept have loaded, together with the region.
  await box.waitFor();
  if (await region.count()) {
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(box).toBeEnabled();
  }
  await box.check();
}

export async function submitJoinForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
}

/** Fills and submits the sign-in form of the page that is open (the login page). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the login page, signs in and waits for the lobby with a balance in the header. */
export async function signInToLobby(
  page: Page,
  email: string = DEMO.email,
  password: string = DEMO.password,
) {
  await page.goto(ROUTES.login);
  await signIn(page, email, password);
  await expectLobby(page);
}

export async function expectLobby(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`));
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\d/);
}

export async function expectOnLogin(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}(\\?|#|$)`));
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

/** Whether a switch-like button is on: role=switch + aria-checked, or aria-pressed. */
export async function isOn(toggle: Locator): Promise<boolean> {
  const checked = await toggle.getAttribute('aria-checked');
  const pressed = await toggle.getAttribute('aria-pressed');
  return (checked ?? pressed) === 'true';
}

/** Creates an account through the API (as the join form would) for specs that need a fresh player. */
export async function createPlayerViaApi(request: APIRequestContext, p: NewPlayer): Promise<void> {
  const csrf = await request.get(apiUrl(API_PATHS.csrf));
  expect(csrf.ok(), `GET csrf answered ${csrf.status()}`).toBeTruthy();
  const { csrf_token } = (await csrf.json()) as { csrf_token: string };
  const res = await request.post(apiUrl(API_PATHS.users), {
    headers: { [CSRF_HEADER]: csrf_token },
    data: {
      email: p.email,
      first_name: p.firstName,
      last_name: p.lastName,
      password1: p.password,
      password2: p.password,
      postal_code: p.postalCode,
      birth_year: p.birthYear,
      birth_month: p.birthMonth,
      birth_day: p.birthDay,
      ...(await solvedJoinRobotCheck(request)),
    },
  });
  expect(res.ok(), `POST users answered ${res.status()}: ${await res.text()}`).toBeTruthy();
}
