/** The three release-update pages (spec route table): our own product history, written as release notes. */
import { ROUTES } from '../../contract/routes.ts';

export interface ReleaseSection {
  heading: string;
  items: string[];
}

export interface ReleaseNote {
  path: string;
  title: string;
  /** ISO date of the release. */
  date: string;
  summary: string;
  sections: ReleaseSection[];
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    path: ROUTES.releaseJan2023,
    title: 'January 2023 release update',
    date: '2023-01-17',
    summary:
      'Lucky Crown opens to the public. After a closed test with friends and family through the autumn of 2022, anyone in an eligible US state can now join.',
    sections: [
      {
        heading: 'New',
        items: [
          'Sign up with your email address in a single form. We check age and eligibility when you join, so there are no surprises later.',
          'Gold Coins for fun and Sweeps Coins for the sweepstakes, with a switch at the top of every screen.',
          'Our first set of slots, with pay tables and return-to-player figures shown in every game.',
          'The free mail-in alternative method of entry for Sweeps Coins, as set out in the Official Sweepstakes Rules.',
        ],
      },
      {
        heading: 'Good to know',
        items: [
          'Lucky Crown works in the browser on phones, tablets and computers; there is nothing to download.',
          'Player support answers at support@luckycrown.example.',
        ],
      },
    ],
  },
  {
    path: ROUTES.releaseOct2023,
    title: 'October 2023 release update',
    date: '2023-10-10',
    summary: 'Lucky Crown can now be installed on your home screen, and your account is better protected.',
    sections: [
      {
        heading: 'New',
        items: [
          'Install Lucky Crown from your browser menu ("Add to Home Screen" or "Install app") and open it like any other app.',
          'Sign-in links: forgot your password? Ask for a one-time link by email; it works once and expires after 30 minutes.',
          'Automatic sign-out after 15 minutes without activity, so a shared device does not stay signed in.',
        ],
      },
      {
        heading: 'Improved',
        items: [
          'Pages load faster on slow mobile connections, and the policies remain readable when you are offline.',
          'Clearer messages when an account cannot be created, with the reason shown next to the field concerned.',
        ],
      },
    ],
  },
  {
    path: ROUTES.releaseJan2025,
    title: 'January 2025 release update',
    date: '2025-01-21',
    summary: 'New tools to keep play under control, and a simpler way to redeem prizes.',
    sections: [
      {
        heading: 'New',
        items: [
          'Purchase limits: set daily, weekly and monthly limits on Gold Coin purchases. Lowering a limit takes effect once support confirms it; raising one waits for a cooling-off period of 3, 7 or 30 days.',
          'A history of every Gold Coins and Sweeps Coins transaction in your account.',
        ],
      },
      {
        heading: 'Improved',
        items: [
          'Redemptions: pick PayPal, bank transfer, paper check or a gift card, and follow the status of each request in your account.',
          'Identity verification now happens once, in a few minutes, before your first redemption.',
        ],
      },
    ],
  },
];

export const releaseNoteFor = (path: string): ReleaseNote | undefined =>
  RELEASE_NOTES.find((r) => r.path === path.replace(/\/+$/, ''));
