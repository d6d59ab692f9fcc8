/** The identity provider sandbox's form, as a player fills it in its frame inside the KYC dialog. */
import type { Page } from '@playwright/test';

/** Fills the frame's form for a player with the given last name (Approve, Decline, ...) and submits it. */
export async function submitKycFrame(page: Page, lastName: string): Promise<void> {
  const frame = page.frameLocator('[data-testid="kyc-frame"]');
  await frame.getByLabel('Legal first name').fill('Avery');
  await frame.getByLabel('Legal last name').fill(lastName);
  await frame.getByLabel('Date of birth').fill('1990-06-12');
  await frame.getByLabel('ID document number').fill('D1234567');
  await frame.getByRole('button', { name: 'Submit verification' }).click();
}
