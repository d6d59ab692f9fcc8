/** Pay-by-bank: the phone rules, the bank's approval in a frame, and the PAY BY BANK PAYMENT ERROR dialog. */
import { expect, test } from '@playwright/test';
import { PAYMENT_TEXTS } from '../../src/contract/payments.ts';
import {
  choosePackage,
  formattedPhone,
  freshPlayerInLobby,
  headerGold,
  openCoinStore,
  STARTER,
  uniquePhoneDigits,
} from './store-helpers.ts';

// Payment flows wait on the processor sandbox and status checks: more room than the default 60 s.
test.describe.configure({ timeout: 90_000 });

test('pays by bank: phone formatted as (xxx) xxx-xxxx, approved at the bank', async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true });
  const before = await headerGold(page);
  await openCoinStore(page);
  await choosePackage(page);
  await page.getByRole('radio', { name: /Pay by bank/ }).check();
  const phone = page.getByLabel('Phone number');
  const digits = uniquePhoneDigits();
  await phone.pressSequentially(`${digits.slice(0, 3)}a${digits.slice(3)}999`);
  await expect(phone).toHaveValue(formattedPhone(digits)); // digits only, ten at most, formatted after 300 ms
  await page.getByTestId('pay-now-buy').click();
  const bank = page.getByTestId('dialog-pay-by-bank-info');
  await expect(bank).toBeVisible({ timeout: 20_000 });
  await page
    .frameLocator('[data-testid="pay-by-bank-frame"]')
    .getByRole('button', { name: 'Approve payment' })
    .click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await expect.poll(() => headerGold(page), { timeout: 10_000 }).toBe(before + STARTER.gold);
});

test('a payment declined at the bank shows PAY BY BANK PAYMENT ERROR and charges nothing', async ({
  page,
  request,
}) => {
  await freshPlayerInLobby(page, request, { address: true });
  const before = await headerGold(page);
  await openCoinStore(page);
  await choosePackage(page);
  await page.getByRole('radio', { name: /Pay by bank/ }).check();
  await page.getByTestId('pay-now-buy').click();
  await expect(page.getByTestId('field-error-phone')).toHaveText(PAYMENT_TEXTS.phoneRequired);
  await page.getByLabel('Phone number').fill(uniquePhoneDigits());
  await page.getByTestId('pay-now-buy').click();
  await expect(page.getByTestId('dialog-pay-by-bank-info')).toBeVisible({ timeout: 20_000 });
  await page
    .frameLocator('[data-testid="pay-by-bank-frame"]')
    .getByRole('button', { name: 'Decline' })
    .click();
  const error = page.getByTestId('dialog-pay-by-bank-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error.getByRole('heading', { name: 'PAY BY BANK PAYMENT ERROR' })).toBeVisible();
  await error.getByRole('button', { name: 'OK' }).click();
  expect(await headerGold(page)).toBe(before);
});
