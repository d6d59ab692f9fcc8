/**
 * The starter promotions (config.seedPromotions, docs/promotions.md): pop-ups and carousel slides
 * pointing at the app's own free-coin and store pages, with images from public/promotions. Each
 * row carries a seed key and is written once: an operator's edits, reordering or switching off
 * survive every later start.
 */
import { ROUTES } from '../../../src/contract/routes.ts';
import { PROMO_DAILY_BONUS_PATH } from '../../../src/contract/promotions.ts';
import type { Queryable } from '../../db/driver.ts';
import { insertPromo, type PromoFields } from './promo-store.ts';

const image = (file: string, alt: string) => ({
  cdn_image: `/promotions/${file}`,
  image_alt: alt,
  image_width: 640,
  image_height: 320,
});

const base = { headline: '', body: '', audience: 'all', active: true, active_until: null } as const;

const IMAGES = {
  dailyBonus: image('daily-bonus.svg', 'A prize wheel surrounded by gold coins'),
  coinPackages: image('coin-packages.svg', 'Stacks of gold coins'),
  weekly: image('weekly-challenge.svg', 'A gold trophy above a leaderboard'),
  refer: image('refer-a-friend.svg', 'Two friends side by side under a star'),
};

type Seeded = Omit<PromoFields, 'active_from'> & { key: string };

export const SEEDED_POPUPS: readonly Seeded[] = [
  {
    ...base,
    key: 'popup-daily-bonus',
    name: 'Daily Bonus wheel',
    ...IMAGES.dailyBonus,
    button_text: 'Spin the wheel',
    button_location: PROMO_DAILY_BONUS_PATH,
  },
  {
    ...base,
    key: 'popup-coin-packages',
    name: 'Gold Coin packages',
    ...IMAGES.coinPackages,
    button_text: 'See packages',
    button_location: ROUTES.buyCoins,
  },
];

export const SEEDED_SLIDES: readonly Seeded[] = [
  {
    ...base,
    key: 'slide-daily-bonus',
    name: 'Daily Bonus',
    headline: 'Spin the Daily Bonus wheel',
    body: 'One free spin every day. Come back daily: your streak makes the prizes bigger.',
    ...IMAGES.dailyBonus,
    button_text: 'Spin now',
    button_location: PROMO_DAILY_BONUS_PATH,
  },
  {
    ...base,
    key: 'slide-weekly-challenge',
    name: 'Weekly Coins Challenge',
    headline: 'Weekly Coins Challenge',
    body: 'Climb the leaderboard by playing the challenge games. New prizes every week.',
    ...IMAGES.weekly,
    button_text: 'See the leaderboard',
    button_location: ROUTES.promotionsPlaysonWeekly,
  },
  {
    ...base,
    key: 'slide-refer-a-friend',
    name: 'Refer a friend',
    headline: 'Invite a friend, both get coins',
    body: 'When your friend joins with your link and makes a first purchase, you are both rewarded.',
    ...IMAGES.refer,
    button_text: 'Invite friends',
    button_location: ROUTES.referAFriend,
    audience: 'sweeps',
  },
  {
    ...base,
    key: 'slide-coin-packages',
    name: 'Gold Coin packages',
    headline: 'Top up your Gold Coins',
    body: 'Coin packages for every kind of session, ready when you are.',
    ...IMAGES.coinPackages,
    button_text: 'Get coins',
    button_location: ROUTES.buyCoins,
  },
];

/**
 * Seeded rows are live from a fixed past instant, not from the first start: a server whose clock
 * is moved (the browser tests' test clock) still shows them.
 */
const SEEDED_FROM = '2020-01-01T00:00:00.000Z';

export async function seedPromotions(db: Queryable, nowMs: number = Date.parse(SEEDED_FROM)): Promise<void> {
  const from = SEEDED_FROM;
  for (const { key, ...fields } of SEEDED_POPUPS)
    await insertPromo(db, 'popups', { ...fields, active_from: from }, nowMs, key);
  for (const { key, ...fields } of SEEDED_SLIDES)
    await insertPromo(db, 'slides', { ...fields, active_from: from }, nowMs, key);
}
