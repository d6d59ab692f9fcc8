/** Join (account creation) through the form, against the real server's rules. */
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  DEMO,
  expectLobby,
  fillJoinForm,
  newPlayer,
  seventeenYearOld,
  submitJoinForm,
} from './support/app.ts';

test.describe('join', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(ROUTES.createUser);
  });

  test('a valid player joins and lands in the lobby with a balance shown', async ({ page }) => {
    const player = newPlayer({ postalCode: '60601', birthYear: 1990 });
    await fillJoinForm(page, player);
    await submitJoinForm(page);
    await expectLobby(page);
    // Signed in: the header offers the currency bar instead of Sign in / Join now.
    await expect(page.getByTestId('currency-bar')).toBeVisible();
    await expect(page.getByTestId('header-sign-in')).toHaveCount(0);
    await expect(page.getByTestId('header-join-now')).toHaveCount(0);
  });

  test('a player under 18 is refused with the error under the birth date', async ({ page }) => {
    await fillJoinForm(page, newPlayer(seventeenYearOld()));
    await submitJoinForm(page);
    const error = page.getByTestId('field-error-birth_date');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/18|age/i);
    await expect(page).toHaveURL(new RegExp(ROUTES.createUser));
    await expect(page.getByTestId('balance-amount')).toHaveCount(0);
  });

  test('a player in an excluded state (ZIP 10001, NY) is refused with the error under the ZIP code', async ({
    page,
  }) => {
    await fillJoinForm(page, newPlayer({ postalCode: '10001' }));
    await submitJoinForm(page);
    const error = page.getByTestId('field-error-postal_code');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/New York|NY|not available|excluded|state/i);
    await expect(page.getByLabel('ZIP code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(new RegExp(ROUTES.createUser));
  });

  test('an email already in use is refused with the error under the email', async ({ page }) => {
    // Upper case on purpose: emails are unique regardless of case.
    await fillJoinForm(page, newPlayer({ email: DEMO.email.toUpperCase() }));
    await submitJoinForm(page);
    const error = page.getByTestId('field-error-email');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/already|in use|taken|exists/i);
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    // The error is announced with the field: aria-describedby points at it.
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const errorId = await error.getAttribute('id');
    expect(errorId, 'field error has an id').toBeTruthy();
    expect(describedBy.split(/\s+/)).toContain(errorId);
    await expect(page).toHaveURL(new RegExp(ROUTES.createUser));
  });
});
