/**
 * Every free way to get coins, as the earn pages (/earn-sweeps-coins, buy-coins/earn-coins)
 * explain them, each with the pages it leads to. No purchase is ever necessary.
 */
import { ROUTES } from './routes.ts';

export interface FreeCoinWay {
  id: 'daily-bonus' | 'mail-in' | 'referrals' | 'promotions';
  title: string;
  text: string;
  links: ReadonlyArray<{ label: string; to: string; testId: string }>;
}

export const FREE_COIN_WAYS: readonly FreeCoinWay[] = [
  {
    id: 'daily-bonus',
    title: 'Daily Bonus',
    text: 'Spin the daily bonus wheel once a day (the day runs in Eastern Time) for free Gold Coins and Sweeps Coins. Come back on consecutive days to grow your streak and the prizes.',
    links: [
      { label: 'Claim your daily bonus', to: `${ROUTES.buyCoins}/daily-bonus`, testId: 'earn-daily-bonus' },
    ],
  },
  {
    id: 'mail-in',
    title: 'Free Sweeps Coins by mail',
    text: 'Mail us a request card with your postal request code and receive free Sweeps Coins, as the Official Sweepstakes Rules describe.',
    links: [
      { label: 'Request by mail', to: ROUTES.amoeStart, testId: 'earn-amoe-start' },
      { label: 'Redeem an AMOE code', to: ROUTES.amoeRedeem, testId: 'earn-amoe-redeem' },
    ],
  },
  {
    id: 'referrals',
    title: 'Refer a friend',
    text: 'Share your referral link. When a friend joins with it and makes a first purchase, you both receive free Gold Coins and Sweeps Coins.',
    links: [{ label: 'Get your referral link', to: ROUTES.referAFriend, testId: 'earn-refer-a-friend' }],
  },
  {
    id: 'promotions',
    title: 'Promotions',
    text: 'Sign in each day for your login bonus, look out for offers in the lobby and after you sign in, enter promo codes when you join or buy, and climb the weekly coins challenge leaderboard for prizes.',
    links: [
      {
        label: 'Weekly coins challenge',
        to: ROUTES.promotionsPlaysonWeekly,
        testId: 'earn-weekly-challenge',
      },
    ],
  },
];
