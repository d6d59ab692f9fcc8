import { describe, expect, it } from 'vitest';
import type { PurchaseLimitState } from '../../contract/wallet.ts';
import {
  classifyLimitChange,
  LIMIT_TEXTS,
  parseLimitInput,
  pendingText,
  previewChange,
  savedMessage,
} from './purchase-limit-rules.ts';

const state = (over: Partial<PurchaseLimitState> = {}): PurchaseLimitState => ({
  amount_usd: 50,
  pending: null,
  used_usd: 0,
  remaining_usd: 50,
  cooling_off_days: 3,
  window_hours: 24,
  ...over,
});

describe('purchase limit input', () => {
  it('accepts dollars with up to two decimals, with or without $ and commas', () => {
    expect(parseLimitInput('50')).toEqual({ ok: true, value: 50 });
    expect(parseLimitInput(' $1,250.5 ')).toEqual({ ok: true, value: 1250.5 });
    expect(parseLimitInput('49.99')).toEqual({ ok: true, value: 49.99 });
    expect(parseLimitInput('100000')).toEqual({ ok: true, value: 100000 });
  });

  it('refuses empty, non-numbers, zero/negative, too many decimals, too small and too large', () => {
    expect(parseLimitInput('  ')).toEqual({ ok: false, message: LIMIT_TEXTS.required });
    expect(parseLimitInput('abc')).toEqual({ ok: false, message: LIMIT_TEXTS.notANumber });
    expect(parseLimitInput('1e3')).toEqual({ ok: false, message: LIMIT_TEXTS.notANumber });
    expect(parseLimitInput('.')).toEqual({ ok: false, message: LIMIT_TEXTS.notANumber });
    expect(parseLimitInput('0')).toEqual({ ok: false, message: LIMIT_TEXTS.positive });
    expect(parseLimitInput('-5')).toEqual({ ok: false, message: LIMIT_TEXTS.positive });
    expect(parseLimitInput('12.345')).toEqual({ ok: false, message: LIMIT_TEXTS.decimals });
    expect(parseLimitInput('0.50')).toEqual({ ok: false, message: LIMIT_TEXTS.tooSmall });
    expect(parseLimitInput('100000.01')).toEqual({ ok: false, message: LIMIT_TEXTS.tooLarge });
    expect(LIMIT_TEXTS.tooLarge).toBe('The largest limit is $100,000.00.');
  });
});

describe('what a change does', () => {
  it('a first limit or a decrease is immediate; an increase or removal cools off; same is nothing', () => {
    expect(classifyLimitChange(null, 50)).toBe('immediate');
    expect(classifyLimitChange(50, 20)).toBe('immediate');
    expect(classifyLimitChange(50, 50.001)).toBe('none');
    expect(classifyLimitChange(50, 100)).toBe('cooling-off');
    expect(classifyLimitChange(50, null)).toBe('cooling-off');
    expect(classifyLimitChange(null, null)).toBe('none');
  });

  it('previews name the period and its cooling-off days', () => {
    expect(previewChange('daily', null, 50)).toBe('Takes effect at once: your daily limit becomes $50.00.');
    expect(previewChange('weekly', 50, 100)).toBe(
      'Raising a limit waits a 7-day cooling-off period. Until then your weekly limit stays $50.00.',
    );
    expect(previewChange('monthly', 50, null)).toBe(
      'Removing a limit waits a 30-day cooling-off period. Until then your monthly limit stays $50.00.',
    );
    expect(previewChange('daily', 50, 50)).toBe('That is already your daily limit.');
  });

  it('the saved message and the pending line carry the amount and the date', () => {
    const pending = state({ pending: { amount_usd: 100, effective_at: '2026-03-08T20:00:00.000Z' } });
    expect(savedMessage('daily', pending)).toMatch(
      /^Saved\. Your daily limit will rise to \$100\.00 on March 8, 2026.*\. Until then it stays \$50\.00\.$/,
    );
    expect(pendingText(pending)).toMatch(/^Increase pending: \$100\.00 from March 8, 2026/);
    const removal = state({ pending: { amount_usd: null, effective_at: '2026-04-04T12:00:00.000Z' } });
    expect(savedMessage('monthly', removal)).toContain('Your monthly limit will be removed on April 4, 2026');
    expect(pendingText(removal)).toMatch(/^Removal pending: no limit from April 4, 2026/);
    expect(savedMessage('daily', state({ amount_usd: 20 }))).toBe('Saved. Your daily limit is now $20.00.');
    expect(savedMessage('daily', state({ amount_usd: null }))).toBe('Saved. You have no daily limit.');
    expect(pendingText(state())).toBeNull();
  });
});
