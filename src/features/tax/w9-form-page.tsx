/**
 * /w9-form: the W-9 form (legal name, address, ZIP, last four SSN digits, certification), then
 * the W-9 info dialog that confirms it. What the page shows follows the player's W-9 status from
 * the server: the form; a form in waiting for its confirmation; confirmed; or suspended. Every
 * rule is the contract's (src/contract/tax.ts), so the messages are the server's.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { ROUTES } from '../../contract/routes.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { store } from '../../state/store.ts';
import { ButtonLink, Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useW9Status } from './api.ts';
import './register-tax-dialogs.ts';
import { TAX_DIALOGS } from './tax-dialog-kinds.ts';
import { muted } from './tax-styles.ts';

/**
 * The form (its fields, rules and state names) loads beside the page, asked for at once and
 * drawn once the W-9 status says it is needed, so the page's first load stays within the budget.
 */
const loadW9Form = () => import('./w9-form.tsx');
const W9Form = lazy(async () => ({ default: (await loadW9Form()).W9Form }));

export function W9FormPage() {
  const signedIn = useSnapshot(store.session).status === 'signed-in';
  const { data, error, mutate } = useW9Status(signedIn);
  const openInfo = () => openDialog(TAX_DIALOGS.info);
  // The form's chunk comes while the status is asked for, not after.
  useEffect(() => {
    void loadW9Form().catch(() => undefined);
  }, []);

  let body;
  if (!data && !error) body = <Spinner label="Loading your W-9..." />;
  else if (!data) body = <FormError message="We could not load your W-9. Please try again." />;
  else if (data.suspended)
    body = (
      <Notice tone="error" testId="w9-suspended">
        Your account is suspended. Please contact support at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </Notice>
    );
  else if (data.w9_state === 'confirmed')
    body = (
      <>
        <Notice tone="success" testId="w9-confirmed">
          Your W-9 information is confirmed.
        </Notice>
        <ButtonLink to={ROUTES.lobby}>Back to the lobby</ButtonLink>
      </>
    );
  else if (data.submission?.state === 'submitted')
    body = (
      <>
        <Notice tone="info" testId="w9-submitted">
          We have your W-9 form for {data.submission.legal_name} (SSN ending {data.submission.ssn_last_four}).
          Please confirm your information to finish.
        </Notice>
        <Button fullWidth onClick={openInfo}>
          Confirm W-9 information
        </Button>
      </>
    );
  else
    body = (
      <>
        <p className={muted}>
          {data.w9_state === 'required'
            ? `Prize redemptions of $${data.threshold_usd} or more in a calendar year need a W-9 before you can play or redeem again.`
            : `We need a W-9 from players whose prize redemptions reach $${data.threshold_usd} in a calendar year.`}{' '}
          Enter your details as they appear on your tax return.
        </p>
        <Suspense fallback={<Spinner label="Loading your W-9..." />}>
          <W9Form
            onSubmitted={() => {
              void mutate();
              openInfo();
            }}
            onUnsure={() => void mutate()}
          />
        </Suspense>
      </>
    );

  return (
    <Page title="W-9 Tax Information" width="narrow">
      <Card>{body}</Card>
    </Page>
  );
}

export default W9FormPage;
