/**
 * The signed-in hamburger menu (spec section 2) as data, so the reduced variants (gold-only,
 * pending mobile verification, daily bonus off) are unit-tested.
 */
import { ROUTES } from '../contract/routes.ts';
import { CHILD_ROUTES, MY_ACCOUNT_FRAGMENTS } from '../lib/child-routes.ts';

export interface MenuItem {
  label: string;
  testId: string;
  /** In-app destination. */
  to?: string;
  /** External destination, opened in a new tab. */
  href?: string;
  action?: 'sign-out' | 'install';
  children?: MenuItem[];
}

export interface MenuOptions {
  goldOnly: boolean;
  dailyBonusEnabled: boolean;
  mobileVerificationPending: boolean;
  supportUrl: string;
  /** The browser offers installation ('prompt'), iOS Safari needs instructions ('ios'), or neither. */
  install?: 'prompt' | 'ios' | null;
}

const signOut: MenuItem = { label: 'Sign out', testId: 'menu-sign-out', action: 'sign-out' };
const installApp: MenuItem = { label: 'Install app', testId: 'menu-install-app', action: 'install' };

export function menuItems(o: MenuOptions): MenuItem[] {
  if (o.mobileVerificationPending) return [signOut];
  const getCoinsChildren: MenuItem[] = [
    { label: 'Buy Coins', testId: 'menu-buy-coins', to: ROUTES.buyCoins },
    ...(o.dailyBonusEnabled
      ? [{ label: 'Daily Bonus', testId: 'menu-daily-bonus', to: CHILD_ROUTES.buyCoinsDailyBonus }]
      : []),
    ...(o.goldOnly
      ? []
      : [{ label: 'Earn Free Coins', testId: 'menu-earn-free-coins', to: CHILD_ROUTES.buyCoinsEarnCoins }]),
  ];
  return [
    { label: 'Lobby', testId: 'menu-lobby', to: ROUTES.lobby },
    { label: 'Get Coins', testId: 'menu-get-coins', children: getCoinsChildren },
    ...(o.goldOnly
      ? []
      : [
          {
            label: 'Redeem',
            testId: 'menu-redeem',
            to: `${ROUTES.myAccount}#${MY_ACCOUNT_FRAGMENTS.sweepsCoins}`,
          },
        ]),
    { label: 'My Account', testId: 'menu-my-account', to: ROUTES.myAccount },
    { label: 'Help Center', testId: 'menu-help-center', href: o.supportUrl },
    ...(o.goldOnly
      ? []
      : [{ label: 'Refer a Friend', testId: 'menu-refer-a-friend', to: ROUTES.referAFriend }]),
    ...(o.install ? [installApp] : []),
    signOut,
  ];
}
