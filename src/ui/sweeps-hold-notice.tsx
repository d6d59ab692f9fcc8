/**
 * Why Sweeps Coins are off for this player and what to do (src/contract/sweeps-eligibility.ts):
 * their state has no Sweeps (they can still buy and play Gold), or their identity verification is
 * required (VERIFY), pending (CHECK VERIFICATION) or rejected (contact support). The lobby, the
 * game page, the daily bonus and the redeem page show it where Sweeps would be.
 */
import { css } from '@linaria/core';
import { SUPPORT_EMAIL } from '../contract/constants.ts';
import { KYC_TEXTS } from '../contract/kyc.ts';
import { ROUTES } from '../contract/routes.ts';
import { sweepsHoldText, type SweepsHold } from '../contract/sweeps-eligibility.ts';
import { ButtonLink } from './button.tsx';
import { Notice } from './page.tsx';

/** The identity section of My Account (its VERIFY and CHECK VERIFICATION buttons). */
const IDENTITY_SECTION = `${ROUTES.myAccount}#identity-verification`;

const action = css`
  margin-top: 8px;
`;

export function SweepsHoldNotice({ hold, testId = 'sweeps-hold' }: { hold: SweepsHold; testId?: string }) {
  if (hold.kind === 'gold_only') return null;
  return (
    <Notice tone="info" testId={testId}>
      <p data-testid={`${testId}-text`} data-reason={hold.kind}>
        {sweepsHoldText(hold)}
      </p>
      {hold.kind === 'identity' && hold.identityState !== 'rejected' ? (
        <div className={action}>
          <ButtonLink variant="secondary" to={IDENTITY_SECTION}>
            {hold.identityState === 'required' ? KYC_TEXTS.verify : KYC_TEXTS.checkVerification}
          </ButtonLink>
        </div>
      ) : null}
      {hold.kind === 'identity' && hold.identityState === 'rejected' ? (
        <p>
          Contact support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      ) : null}
    </Notice>
  );
}
