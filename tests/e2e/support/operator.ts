/**
 * The operator every browser-test server creates at start (scripts/e2e-server.mjs passes these
 * as OPERATOR_EMAIL / OPERATOR_PASSWORD), and signing in as that operator on /operator.
 * Use a page of its own browser context: the operator session is a cookie of that context.
 *
 * The console's parts, by accessible name (src/features/operator/):
 * - region 'Redemptions': select 'Status', field 'Reason' (required to reject), per row buttons
 *   'Approve | Mark sent | Mark paid | Reject redemption of <player email> $<usd>', result in the
 *   region's status line;
 * - region 'Mail-in requests (AMOE)': button 'Issue code for <postal request code>'; the code is in
 *   the region's status line ("Code for PR-…: <12 characters>, expires …");
 * - region 'Player': 'Player email', 'Reason', 'New identity state' + 'Set identity state',
 *   'Period', 'New limit (USD)' + 'Apply decrease';
 * - region 'Game maintenance': 'Game', 'Until (optional)', 'Put under maintenance', 'Take off maintenance';
 * - region 'Named properties': 'Property', 'Value', 'Reason', 'Save property';
 * - region 'Promotions': select 'Promotion kind', list '<Pop-ups|Carousel slides> in display order'
 *   with per row 'Edit | Move <name> up | Move <name> down | Switch off|Switch on <name>', form
 *   'New pop-up' / 'New slide' ('Name', 'Image', 'Image description (alt text)', 'Button text',
 *   'Button destination', 'Audience', 'Starts (optional)', 'Ends (optional)') + 'Create pop-up';
 * - region 'Audit trail': button 'Refresh', list 'Latest operator actions'.
 */
import { expect, type Page } from '@playwright/test';

export const E2E_OPERATOR = {
  email: 'operator@luckycrown.example',
  password: 'Operator#Console-2026',
} as const;

/** Opens /operator, signs in as the test operator and waits for the console. */
export async function signInAsOperator(page: Page): Promise<void> {
  await page.goto('/operator');
  const form = page.getByRole('form', { name: 'Operator sign-in' });
  await form.getByLabel('Email').fill(E2E_OPERATOR.email);
  await form.getByLabel('Password').fill(E2E_OPERATOR.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${E2E_OPERATOR.email}`)).toBeVisible();
}
