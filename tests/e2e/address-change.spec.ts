/**
 * An address change as a request the server checks, in My Account at 360 px (docs/account.md
 * "Changing the address"): a player who is not verified changes it at once; once
 * verified, a change waits for identity re-authentication (pending, the old address stays), a
 * rejected re-authentication refuses it with its message, and TRY AGAIN then an approved
 * re-authentication applies it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADDRESS_REQUEST_TEXTS } from '../../src/contract/address-requests.ts';
import { KYC_TEXTS } from '../../src/contract/kyc.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';
import { submitKycFrame } from './support/kyc.ts';

test.use({ viewport: { width: 360, height: 780 } });

// Addresses of this run only: an address is a household of at most two accounts.
const run = Date.now() % 9000;
const street = (n: number) => `${run + n} N. State St`;

const section = (page: Page) => page.locator('section', { has: page.locator('#billing-address') });

async function fillAddress(page: Page, line1: string): Promise<void> {
  const dialog = page.getByTestId('dialog-address-collection');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Street address', { exact: true }).fill(line1);
  await dialog.getByLabel('City').fill('Chicago');
  await dialog.getByLabel('State').fill('IL');
  await dialog.getByLabel('ZIP code').fill('60654');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('address-confirmation')).toContainText(line1);
  await dialog.getByRole('button', { name: 'Confirm address' }).click();
  await expect(dialog).toBeHidden();
}

/** The KYC dialog in the flow it was opened with; the sandbox's last name picks the outcome. */
async function passKyc(page: Page, lastName: string): Promise<void> {
  const dialog = page.getByTestId('dialog-kyc');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('kyc-frame-spinner')).toBeHidden();
  await submitKycFrame(page, lastName);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  const outcome = page.getByTestId('dialog-identity-verification');
  await expect(outcome).toBeVisible({ timeout: 15_000 });
  await outcome.getByRole('button', { name: 'OK' }).click();
  await expect(outcome).toBeHidden();
}

test('a verified player: the change waits for re-authentication, is refused with its message, then applied after a retry', async ({
  page,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInToLobby(page, p.email, p.password);
  await page.goto(`${ROUTES.myAccount}#billing-address`);

  // Not verified yet: the first address applies at once.
  await expect(section(page).getByTestId('address-none')).toBeVisible();
  await section(page).getByRole('button', { name: 'Add address' }).click();
  await fillAddress(page, street(1));
  await expect(section(page).getByTestId('address-on-file')).toContainText(street(1));
  await expect(section(page).getByTestId('address-request-pending')).toHaveCount(0);

  // Verified through the identity section.
  await page.getByTestId('identity-section-verify').click();
  await passKyc(page, 'Approve');
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'verified');

  // A change now waits: the old address stays on file, the new one is shown as waiting.
  await section(page).getByRole('button', { name: 'Change address' }).click();
  await fillAddress(page, street(2));
  const pending = section(page).getByTestId('address-request-pending');
  await expect(pending).toHaveText(ADDRESS_REQUEST_TEXTS.pending);
  await expect(pending).toHaveAttribute('role', 'status');
  await expect(section(page).getByTestId('address-requested')).toContainText(street(2));
  await expect(section(page).getByTestId('address-on-file')).toContainText(street(1));

  // Still pending after a reload (the server's state, not the page's).
  await page.reload();
  await expect(section(page).getByTestId('address-request-pending')).toBeVisible();

  // A rejected re-authentication refuses it, with the reason, and offers to try again.
  await section(page).getByRole('button', { name: KYC_TEXTS.reauthenticate }).click();
  await passKyc(page, 'Reject');
  const refused = section(page).getByTestId('address-request-refused');
  await expect(refused).toHaveText(ADDRESS_REQUEST_TEXTS.reauthenticationRejected);
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(section(page).getByTestId('address-request-pending')).toHaveCount(0);
  await expect(section(page).getByTestId('address-on-file')).toContainText(street(1));
  // The identity itself stays verified.
  await expect(page.getByTestId('identity-state')).toHaveText(KYC_TEXTS.verifiedState);

  // Try again (keyboard): pending again, the refusal gone; an approved re-authentication applies it.
  await section(page).getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await fillAddress(page, street(3));
  await expect(section(page).getByTestId('address-request-pending')).toBeVisible();
  await expect(section(page).getByTestId('address-request-refused')).toHaveCount(0);
  await section(page).getByRole('button', { name: KYC_TEXTS.reauthenticate }).click();
  await passKyc(page, 'Approve');
  await expect(section(page).getByTestId('address-on-file')).toContainText(street(3));
  await expect(section(page).getByTestId('address-request-pending')).toHaveCount(0);
  await expect(section(page).getByTestId('address-request-refused')).toHaveCount(0);

  // Nothing overflows the 360 px viewport.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
