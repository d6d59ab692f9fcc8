/**
 * The links beside every "accept the terms" checkbox (spec section 2: the updated-terms dialog
 * links to the terms, sweepstakes rules and privacy policy; the join form shows the same). Each
 * opens in a new tab so the form or dialog keeps what the player has done. Gold-only mode has no
 * sweepstakes, so no rules link.
 */
import { ROUTES } from '../contract/routes.ts';
import { AppLink } from './app-link.tsx';

export function LegalDocumentLinks({ goldOnly }: { goldOnly: boolean }) {
  return (
    <>
      Read the{' '}
      <AppLink to={ROUTES.policiesTerms} target="_blank" rel="noopener">
        Terms and Conditions
      </AppLink>
      {goldOnly ? null : (
        <>
          ,{' '}
          <AppLink to={ROUTES.policiesSweepsRules} target="_blank" rel="noopener">
            Official Sweepstakes Rules
          </AppLink>
        </>
      )}{' '}
      and{' '}
      <AppLink to={ROUTES.policiesPrivacy} target="_blank" rel="noopener">
        Privacy Policy
      </AppLink>{' '}
      (each opens in a new tab).
    </>
  );
}
