/**
 * Purchase limit rules as the player meets them (pure, unit-tested): what a typed amount means,
 * and what a change will do. The server (purchase-limits) decides; these rules only explain it
 * beforehand and refuse input that could never be valid.
 * - A first limit or a decrease takes effect at once (and cancels a pending change).
 * - An increase or a removal waits the cooling-off period: daily 3, weekly 7, monthly 30 days.
 */
import { PURCHASE_LIMIT_COOLING_OFF_DAYS } from '../../contract/constants.ts';
import {
  PURCHASE_LIMIT_MAX_USD,
  type PurchaseLimitPeriod,
  type PurchaseLimitState,
} from '../../contract/wallet.ts';
import { formatUsd } from '../../contract/money.ts';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

/** Smallest limit the server accepts (USD). */
export const PURCHASE_LIMIT_MIN_USD = 1;

export const PERIOD_LABELS: Record<
  PurchaseLimitPeriod,
  { title: string; adjective: string; window: string }
> = {
  daily: { title: 'Daily limit', adjective: 'daily', window: 'the last 24 hours' },
  weekly: { title: 'Weekly limit', adjective: 'weekly', window: 'the last 7 days' },
  monthly: { title: 'Monthly limit', adjective: 'monthly', window: 'the last 30 days' },
};

export const LIMIT_TEXTS = {
  required: 'Enter an amount in US dollars, like 50 or 49.99.',
  notANumber: 'Enter an amount in US dollars using digits, like 50 or 49.99.',
  positive: 'The limit must be more than $0.',
  tooSmall: `The smallest limit is ${formatUsd(PURCHASE_LIMIT_MIN_USD)}.`,
  decimals: 'Use at most two decimals (cents).',
  tooLarge: `The largest limit is ${formatUsd(PURCHASE_LIMIT_MAX_USD)}.`,
} as const;

export type ParsedLimit = { ok: true; value: number } | { ok: false; message: string };

/** "$1,250.50" / "1250.5" / " 40 " -> a number of dollars with at most 2 decimals, or why not. */
export function parseLimitInput(raw: string): ParsedLimit {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!text) return { ok: false, message: LIMIT_TEXTS.required };
  if (/^-/.test(text)) return { ok: false, message: LIMIT_TEXTS.positive };
  if (!/^\d*(\.\d*)?$/.test(text) || text === '.') return { ok: false, message: LIMIT_TEXTS.notANumber };
  const [, cents = ''] = text.split('.');
  if (cents.length > 2) return { ok: false, message: LIMIT_TEXTS.decimals };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: LIMIT_TEXTS.notANumber };
  if (value <= 0) return { ok: false, message: LIMIT_TEXTS.positive };
  if (value < PURCHASE_LIMIT_MIN_USD) return { ok: false, message: LIMIT_TEXTS.tooSmall };
  if (value > PURCHASE_LIMIT_MAX_USD) return { ok: false, message: LIMIT_TEXTS.tooLarge };
  return { ok: true, value: Math.round(value * 100) / 100 };
}

/** What asking for `next` (null = no limit) will do, given the limit in force. */
export type LimitChange = 'none' | 'immediate' | 'cooling-off';

export function classifyLimitChange(current: number | null, next: number | null): LimitChange {
  if (current === null) return next === null ? 'none' : 'immediate';
  if (next === null) return 'cooling-off';
  const [c, n] = [Math.round(current * 100), Math.round(next * 100)];
  if (n === c) return 'none';
  return n < c ? 'immediate' : 'cooling-off';
}

const effectiveFormat = lazyDateTimeFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatEffectiveAt(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : effectiveFormat().format(new Date(t));
}

/** The limit in words: "$50.00" or "No limit". */
export const limitText = (amount: number | null): string =>
  amount === null ? 'No limit' : formatUsd(amount);

/** Explains, before saving, what the change will do. */
export function previewChange(
  period: PurchaseLimitPeriod,
  current: number | null,
  next: number | null,
): string | null {
  const kind = classifyLimitChange(current, next);
  const adj = PERIOD_LABELS[period].adjective;
  const days = PURCHASE_LIMIT_COOLING_OFF_DAYS[period];
  if (kind === 'none') return next === null ? null : `That is already your ${adj} limit.`;
  if (kind === 'immediate') return `Takes effect at once: your ${adj} limit becomes ${limitText(next)}.`;
  return next === null
    ? `Removing a limit waits a ${days}-day cooling-off period. Until then your ${adj} limit stays ${limitText(current)}.`
    : `Raising a limit waits a ${days}-day cooling-off period. Until then your ${adj} limit stays ${limitText(current)}.`;
}

/** The line shown after a successful save, from the server's answer. */
export function savedMessage(period: PurchaseLimitPeriod, state: PurchaseLimitState): string {
  const adj = PERIOD_LABELS[period].adjective;
  if (state.pending) {
    const what =
      state.pending.amount_usd === null ? 'be removed' : `rise to ${limitText(state.pending.amount_usd)}`;
    return `Saved. Your ${adj} limit will ${what} on ${formatEffectiveAt(state.pending.effective_at)}. Until then it stays ${limitText(state.amount_usd)}.`;
  }
  return state.amount_usd === null
    ? `Saved. You have no ${adj} limit.`
    : `Saved. Your ${adj} limit is now ${limitText(state.amount_usd)}.`;
}

/** The pending change in words, for the limit's summary. */
export function pendingText(state: PurchaseLimitState): string | null {
  if (!state.pending) return null;
  const when = formatEffectiveAt(state.pending.effective_at);
  return state.pending.amount_usd === null
    ? `Removal pending: no limit from ${when}.`
    : `Increase pending: ${limitText(state.pending.amount_usd)} from ${when}.`;
}
