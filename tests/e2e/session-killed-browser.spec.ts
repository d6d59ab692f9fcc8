/**
 * A phone kills the browser: the player opens the installed app (the session resumes and the
 * refresh cookie rotates), the operating system kills the browser two seconds later, and the
 * player opens the app again. Chromium writes cookies to disk in batches (about every 30 s), so
 * the profile still holds the refresh token from before the rotation. The player must still be
 * signed in (docs/security.md, "Refresh-token rotation").
 *
 * A persistent profile (a temporary user-data-dir) with the project's Chromium and flags; the
 * browser's main process is killed with SIGKILL, as an operating system does, so it has no
 * chance to flush anything.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signInToLobby } from './support/app.ts';

/** The server's reuse grace (REUSE_GRACE_SECONDS in server/core/sessions/refresh-tokens.ts) plus a margin. */
const PAST_REUSE_GRACE_MS = 11_000;

/** The pid of the browser's main process of this profile (its helpers carry a --type= flag). */
function browserPid(profile: string): number {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  const main = lines.find(
    (line) => line.includes(`--user-data-dir=${profile}`) && !line.includes(' --type='),
  );
  if (!main) throw new Error(`no browser process found for ${profile}`);
  return Number(main.trim().split(/\s+/)[0]);
}

test.describe('a browser killed by the operating system', () => {
  let profile = '';
  /** The browser open now, closed after the test whatever happened. */
  let open: BrowserContext | null = null;
  test.beforeEach(() => {
    profile = mkdtempSync(join(tmpdir(), 'lucky-crown-killed-profile-'));
  });
  test.afterEach(async () => {
    await open?.close().catch(() => undefined);
    open = null;
    rmSync(profile, { recursive: true, force: true });
  });

  async function openApp(): Promise<{ context: BrowserContext; page: Page }> {
    const { launchOptions, viewport, baseURL } = test.info().project.use;
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      viewport: viewport ?? null,
      baseURL: baseURL ?? '',
      serviceWorkers: 'block',
    });
    open = context;
    const page = context.pages()[0] ?? (await context.newPage());
    return { context, page };
  }

  const isRefresh = (r: Response): boolean =>
    r.request().method() === 'POST' && new URL(r.url()).pathname === apiUrl(API_PATHS.refresh);

  test('two seconds after the app opened: opened again, the player is still signed in', async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const player = newPlayer({ postalCode: '60601' });
    await createPlayerViaApi(request, player);

    // Sign in, and close the browser normally: the profile holds the session's refresh cookie.
    let { context, page } = await openApp();
    await signInToLobby(page, player.email, player.password);
    await context.close();

    // Open the app again: the session resumes and the refresh cookie rotates.
    ({ context, page } = await openApp());
    const opened = Date.now();
    const refreshed = page.waitForResponse(isRefresh);
    await page.goto(ROUTES.lobby);
    const rotation = await refreshed;
    expect(rotation.status()).toBe(200);
    expect((await rotation.allHeaders())['set-cookie'] ?? '').toMatch(/lc_refresh=/);
    const rotatedAt = Date.now();
    await expectLobby(page);

    // Two seconds after opening, the operating system kills the browser.
    await page.waitForTimeout(Math.max(0, opened + 2_000 - Date.now()));
    process.kill(browserPid(profile), 'SIGKILL');
    await context.close().catch(() => undefined);

    // The player comes back later (past the server's reuse grace): still signed in.
    await new Promise((r) => setTimeout(r, Math.max(0, rotatedAt + PAST_REUSE_GRACE_MS - Date.now())));
    ({ context, page } = await openApp());
    const again = page.waitForResponse(isRefresh);
    await page.goto(ROUTES.lobby);
    expect((await again).status()).toBe(200);
    await expectLobby(page);
    await context.close();

    // And the session goes on: the rotation of this start is the one the next start uses.
    ({ context, page } = await openApp());
    await page.goto(ROUTES.lobby);
    await expectLobby(page);
    await context.close();
  });
});
