/**
 * Identity verification at 390 px: a new player opens VERIFY on My Account, fills the provider's
 * form in its frame (the sandbox on its own origin), and the last name picks the outcome
 * (docs/kyc.md): "Approve" is verified, "Pending" waits with CHECK VERIFICATION.
 */
import { expect, test, type Page } from '@playwright/test';
import { KYC_TEXTS } from '../../src/contract/kyc.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';
import { submitKycFrame } from './support/kyc.ts';

async function verifyInFrame(page: Page, lastName: string): Promise<void> {
  await page.goto(`${ROUTES.myAccount}#identity-verification`);
  const section = page.locator('section', { has: page.locator('#identity-verification') });
  await expect(section.getByTestId('identity-state')).toHaveText(KYC_TEXTS.noneState);
  await section.getByRole('button', { name: KYC_TEXTS.verify }).click();

  const dialog = page.getByTestId('dialog-kyc');
  await expect(dialog).toBeVisible();
  const frameElement = dialog.getByTestId('kyc-frame');
  await expect(frameElement).toHaveAttribute('src', /^http:\/\/localhost:\d+\/kyc\/frame\/kyc_/);
  // The spinner covers the frame until the frame's first message.
  await expect(dialog.getByTestId('kyc-frame-spinner')).toBeHidden();
  await submitKycFrame(page, lastName);

  await expect(dialog.getByTestId('kyc-submitted')).toHaveText(KYC_TEXTS.submitted);
  // Closes by itself 2 s after the frame's success.
  await expect(dialog).toBeHidden({ timeout: 5_000 });
}

test('a new player verifies with last name Approve and My Account shows Verified after a reload', async ({
  page,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInToLobby(page, p.email, p.password);
  await verifyInFrame(page, 'Approve');

  const outcome = page.getByTestId('dialog-identity-verification');
  await expect(outcome.getByTestId('identity-message')).toHaveText(KYC_TEXTS.verified);
  await outcome.getByRole('button', { name: 'OK' }).click();

  await page.reload();
  const state = page.getByTestId('identity-state');
  await expect(state).toHaveText(KYC_TEXTS.verifiedState);
  await expect(state).toHaveAttribute('data-state', 'verified');
  await expect(page.getByRole('button', { name: KYC_TEXTS.verify })).toHaveCount(0);
});

test('a player with last name Pending sees the pending message and CHECK VERIFICATION', async ({
  page,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInToLobby(page, p.email, p.password);
  await verifyInFrame(page, 'Pending');

  const outcome = page.getByTestId('dialog-identity-verification');
  await expect(outcome.getByRole('heading', { name: KYC_TEXTS.pendingTitle })).toBeVisible();
  await expect(outcome.getByTestId('identity-message')).toHaveText(KYC_TEXTS.pending);
  await outcome.getByRole('button', { name: KYC_TEXTS.checkVerification }).click();
  await expect(outcome).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.myAccount}#identity-verification$`));

  await page.reload();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('identity-pending-message')).toHaveText(KYC_TEXTS.pending);
  const check = page.getByRole('button', { name: KYC_TEXTS.checkVerification });
  await check.click();
  // Still within the sandbox's pending time: still pending.
  await expect(check).toBeEnabled();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'pending');
});
