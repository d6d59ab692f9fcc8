/**
 * The join form's robot check and the duplicate-account dialog (docs/account.md "The robot check
 * at sign-up", "One account per person, two per household"), at 360 px, by keyboard:
 *   - the form is not sent until "I'm not a robot" is ticked; ticked (Space), it joins;
 *   - a token the server refuses shows its message under a fresh box, which takes focus;
 *   - the same person (name and birth date) joining again from another ZIP code opens the
 *     duplicate-account dialog: focus is trapped inside it, and navigating closes it.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  acceptTermsByScrolling,
  createPlayerViaApi,
  expectLobby,
  fillJoinForm,
  MONTHS,
  newPlayer,
  submitJoinForm,
  tickRobotCheck,
  type NewPlayer,
} from './support/app.ts';

test.use({ viewport: { width: 360, height: 780 } });

/** The join form filled without the robot check. */
async function fillWithoutRobotCheck(page: Page, p: NewPlayer): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill(p.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(p.lastName);
  await page.getByLabel('Email', { exact: true }).fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(p.password);
  await page.getByLabel('ZIP code', { exact: true }).fill(p.postalCode);
  await page.getByLabel('Birth month', { exact: true }).selectOption({ label: MONTHS[p.birthMonth - 1]! });
  await page.getByLabel('Birth day', { exact: true }).selectOption({ label: String(p.birthDay) });
  await page.getByLabel('Birth year', { exact: true }).selectOption({ label: String(p.birthYear) });
  await acceptTermsByScrolling(page);
}

test('the join waits for the robot check; ticked by keyboard, the player joins', async ({ page }) => {
  await page.goto(ROUTES.createUser);
  await fillWithoutRobotCheck(page, newPlayer());
  const joins: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(apiUrl(API_PATHS.users))) joins.push(r.postData() ?? '');
  });
  await submitJoinForm(page);
  const box = page.getByLabel("I'm not a robot");
  const robot = page.getByTestId('robot-check');
  await expect(robot).toContainText('Please tick "I\'m not a robot" before creating your account.');
  await expect(box).toBeFocused();
  expect(joins).toHaveLength(0);
  // The box fits the narrow screen.
  const width = await robot.evaluate((el) => el.getBoundingClientRect().right);
  expect(width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('robot-check-status')).toHaveText('Verified', { timeout: 20_000 });
  await expect(robot).not.toContainText('Please tick');
  await submitJoinForm(page);
  await expectLobby(page);
  expect(joins).toHaveLength(1);
  expect(JSON.parse(joins[0]!)).toMatchObject({ g_id: 'sandbox-amoe', wfv: '2' });
  expect(JSON.parse(joins[0]!).g_token).toMatch(/^v1\.[\w-]+\.[\w-]+:\d+$/);
});

test('a token the server refuses shows why under a fresh box, which then joins', async ({ page }) => {
  await page.goto(ROUTES.createUser);
  await fillJoinForm(page, newPlayer());
  // The first join goes out with a forged token (as a robot would send it).
  let forged = false;
  await page.route(`**${apiUrl(API_PATHS.users)}`, async (route) => {
    if (forged || route.request().method() !== 'POST') return route.continue();
    forged = true;
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, g_token: `${String(body.g_token)}0` }) });
  });
  await submitJoinForm(page);
  const robot = page.getByTestId('robot-check');
  await expect(robot).toContainText(
    'The "I\'m not a robot" check failed or expired. Please tick the box again.',
  );
  const box = page.getByLabel("I'm not a robot");
  await expect(box).not.toBeChecked();
  await expect(box).toBeFocused();
  await tickRobotCheck(page);
  await submitJoinForm(page);
  await expectLobby(page);
});

test('the same person joining again from another ZIP code meets the duplicate-account dialog', async ({
  page,
  request,
}) => {
  const first = newPlayer({ postalCode: '60601' });
  await createPlayerViaApi(request, first);
  // The same name and birth date, moved to Springfield, with another email.
  const again = { ...first, email: `again.${first.email}`, postalCode: '62701' };
  await page.goto(ROUTES.createUser);
  await fillJoinForm(page, again);
  await submitJoinForm(page);

  const dialog = page.getByTestId('dialog-duplicate-account');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'EXISTING ACCOUNT DETECTED' })).toBeVisible();
  await expect(dialog).toContainText('Only one account per person is allowed');
  // The inline message is gone: the dialog replaces it.
  await expect(page.getByTestId('form-error')).toHaveCount(0);
  // Focus is inside the dialog and stays there however far the player tabs.
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { timeout: 5_000 })
    .toBe(true);
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  // It fits the narrow screen.
  const box = await dialog.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);

  // Navigating (the dialog's own link) closes it.
  await dialog.getByRole('link', { name: "Why couldn't my account be created?" }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.failedRegistration}$`));
  await expect(page.getByRole('heading', { name: "We couldn't create your account" })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Back on the form, pressing Create account again opens it again; SIGN IN goes to sign-in.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(ROUTES.createUser));
  await expect(dialog).toHaveCount(0);
  await fillJoinForm(page, again);
  await submitJoinForm(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}(\\?|$)`));
  await expect(dialog).toHaveCount(0);
});
