import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { WALLET_TEXTS } from '../../contract/wallet.ts';
import { resetStore, store } from '../../state/store.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { PromoCodeField } from './promo-code-field.tsx';

const ok = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    code: 'FREECOINS',
    valid: true,
    applies_at: 'both',
    gold_coins: 250000,
    sweeps_coins: 1,
    display_sweeps_value: 2.5,
    ends_at: null,
    description: 'Welcome offer',
    ...over,
  },
});

const input = () => screen.getByLabelText('Promo code') as HTMLInputElement;
const applyButton = () => screen.getByRole('button', { name: 'Apply' });

describe('PromoCodeField', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.token = 'jwt';
    store.session.status = 'signed-in';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('applies a code and shows the coins it gives', async () => {
    const calls = stubApi({ '/promo-codes/validate': ok() });
    const onChange = vi.fn();
    render(<PromoCodeField context="purchase" packageId="pkg-10" onChange={onChange} />);
    fireEvent.change(input(), { target: { value: ' freecoins ' } });
    fireEvent.click(applyButton());
    expect((await screen.findByTestId('promo-code-applied')).textContent).toContain(
      'FREECOINS applied: you get 250,000 Gold Coins and 1.00 Sweeps Coins with this purchase.',
    );
    expect(calls[0]).toMatchObject({ path: '/promo-codes/validate', method: 'POST', body: { code: 'FREECOINS', context: 'purchase', package_id: 'pkg-10' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'FREECOINS' })));
    expect(input().getAttribute('aria-invalid')).toBeNull();

    // Editing takes the code off; the parent hears "none".
    fireEvent.change(input(), { target: { value: 'FREECOIN' } });
    expect(screen.queryByTestId('promo-code-applied')).toBeNull();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });

  it.each([
    ['unknown', WALLET_TEXTS.promoProblems.unknown],
    ['expired', WALLET_TEXTS.promoProblems.expired],
    ['used', WALLET_TEXTS.promoProblems.used],
    ['not_applicable', WALLET_TEXTS.promoProblems.not_applicable],
  ] as const)('a %s code gets its error under the field', async (reason, message) => {
    stubApi({
      '/promo-codes/validate': { ...apiError(400, 'INVALID_PROMO_CODE', 'x', 'promo_code'), body: { code: 'INVALID_PROMO_CODE', message: 'x', field: 'promo_code', extra: { reason } } },
    });
    render(<PromoCodeField context="purchase" />);
    fireEvent.change(input(), { target: { value: 'NOPE' } });
    fireEvent.click(applyButton());
    const error = await screen.findByTestId('field-error-promo_code');
    expect(error.textContent).toBe(message);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByTestId('promo-code-applied')).toBeNull();
  });

  it('Enter applies instead of submitting the surrounding form', async () => {
    stubApi({ '/promo-codes/validate': ok() });
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PromoCodeField context="purchase" />
        <button type="submit">Pay</button>
      </form>,
    );
    fireEvent.change(input(), { target: { value: 'FREECOINS' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(await screen.findByTestId('promo-code-applied')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed code without calling the server', async () => {
    const calls = stubApi({});
    render(<PromoCodeField context="join" />);
    fireEvent.change(input(), { target: { value: 'NO WAY' } });
    fireEvent.click(applyButton());
    expect((await screen.findByTestId('field-error-promo_code')).textContent).toContain('letters, numbers');
    expect(calls).toHaveLength(0);
  });

  it('auto-applies a prefilled code and Remove clears it', async () => {
    stubApi({ '/promo-codes/validate': ok() });
    const onChange = vi.fn();
    render(<PromoCodeField context="join" defaultCode="freecoins" autoApply onChange={onChange} />);
    expect((await screen.findByTestId('promo-code-applied')).textContent).toContain('when your account is created');
    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code FREECOINS' }));
    expect(input().value).toBe('');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });

  it('shows an error passed by the parent (e.g. from the purchase call)', () => {
    stubApi({});
    render(<PromoCodeField context="purchase" serverError="Please wait a moment." />);
    expect(screen.getByTestId('field-error-promo_code').textContent).toBe('Please wait a moment.');
  });
});
