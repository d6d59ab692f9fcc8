/**
 * /amoe-start: how to get free Sweeps Coins by mail (the free alternative method of entry). The
 * player ticks the robot check, gets a postal request code (with a copy button), writes it on the
 * card with the details the Official Sweepstakes Rules ask for, and mails it to the address
 * shown. The player's earlier requests are listed with their state. Offline, the page still
 * explains everything and says the code needs a connection.
 */
import { useState } from 'react';
import { css } from '@linaria/core';
import {
  AMOE_CODE_LENGTH,
  AMOE_CODE_VALID_DAYS,
  AMOE_MAILING_ADDRESS,
  AMOE_TEXTS,
} from '../../contract/amoe.ts';
import { ROUTES } from '../../contract/routes.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { fetchCaptchaChallenge, requestPostalRequestCode, usePostalRequests } from './api.ts';
import { setPostalRequestCode } from './amoe-state.ts';
import { PostalRequestList } from './postal-request-list.tsx';
import { RobotCheck, type RobotCheckToken } from '../../ui/robot-check.tsx';

const steps = css`
  margin: 0 0 var(--space-3);
  padding-left: 1.4rem;
  & li {
    margin-bottom: var(--space-2);
  }
`;
const address = css`
  font-style: normal;
  font-weight: 700;
  padding: var(--space-3);
  margin: 0 0 var(--space-3);
  border-left: 4px solid var(--color-sweeps);
  background: var(--color-surface-2);
  border-radius: var(--radius-md);
`;
const codeResult = css`
  margin-top: var(--space-4);
`;
const codeRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
  margin: 0 0 var(--space-3);
`;
const codeText = css`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 1.5rem;
  font-weight: 800;
  letter-spacing: 0.08em;
  overflow-wrap: anywhere;
`;

function PostalRequestCodeCard({ onCreated }: { onCreated: () => void }) {
  const online = useOnline();
  const [token, setToken] = useState<RobotCheckToken | null>(null);
  const [checkRound, setCheckRound] = useState(0);
  const [code, setCode] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);

  async function getCode() {
    if (!token) return;
    setPending(true);
    setError(null);
    setCopied(null);
    try {
      const answer = await requestPostalRequestCode(token.token, token.siteKey);
      setCode(answer.postal_request_code);
      setPostalRequestCode(answer.postal_request_code);
      onCreated();
    } catch (err) {
      setError(
        isApiError(err) && err.status === 0
          ? AMOE_TEXTS.offline
          : isApiError(err)
            ? err.message
            : AMOE_TEXTS.generic,
      );
    } finally {
      setPending(false);
      // A token works once: the next code needs a fresh check.
      setToken(null);
      setCheckRound((n) => n + 1);
    }
  }

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Copying is not available here: please write the code down.');
    }
  }

  return (
    <Card>
      <h2>Your postal request code</h2>
      <p>Each envelope needs its own postal request code. Tick the box, then get your code.</p>
      <RobotCheck
        key={checkRound}
        onToken={setToken}
        fetchChallenge={fetchCaptchaChallenge}
        disabled={!online || pending}
      />
      {online ? null : <Notice tone="warning">{AMOE_TEXTS.offline}</Notice>}
      <FormError message={error} />
      <Button
        onClick={() => void getCode()}
        disabled={!online || !token || pending}
        data-testid="get-postal-code"
      >
        {pending ? 'Getting your code...' : 'Get postal request code'}
      </Button>
      {code ? (
        <div role="status" aria-live="polite" className={codeResult}>
          <p>Write this code on your card:</p>
          <div className={codeRow}>
            <span className={codeText} data-testid="postal-request-code">
              {code}
            </span>
            <Button variant="secondary" onClick={() => void copy()} data-testid="copy-postal-code">
              Copy
            </Button>
          </div>
          {copied ? <p data-testid="copy-status">{copied}</p> : null}
        </div>
      ) : null}
    </Card>
  );
}

export default function AmoeStartPage() {
  const requests = usePostalRequests();
  return (
    <Page title="Free Sweeps Coins by mail" width="narrow">
      <Card>
        <h2>No purchase necessary</h2>
        <p>
          You can receive free Sweeps Coins by mail, the free alternative method of entry (AMOE). Every valid
          request receives the Sweeps Coins stated in the{' '}
          <AppLink to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</AppLink>.
        </p>
        <ol className={steps}>
          <li>Get a postal request code below.</li>
          <li>
            Handwrite on a 4&quot; x 6&quot; white card: your full name, the email address of your account,
            your return address and the postal request code.
          </li>
          <li>
            Put the card in a stamped envelope, handwrite your return address on the envelope, and mail it to:
          </li>
        </ol>
        <address className={address} data-testid="amoe-mailing-address">
          {AMOE_MAILING_ADDRESS.name}
          <br />
          {AMOE_MAILING_ADDRESS.line1}
          <br />
          {AMOE_MAILING_ADDRESS.cityStateZip}
        </address>
        <p>
          For each valid request we send you a {AMOE_CODE_LENGTH}-character AMOE code. Enter it on the{' '}
          <AppLink to={ROUTES.amoeRedeem}>redeem page</AppLink> to receive your free Sweeps Coins. A code
          works once, only for your account, and expires {AMOE_CODE_VALID_DAYS} days after we deliver it.
          Daily and monthly limits apply; the day runs from 12:00am to 11:59pm Eastern Time.
        </p>
      </Card>
      <PostalRequestCodeCard onCreated={() => void requests.mutate()} />
      <PostalRequestList
        data={requests.data?.results ?? null}
        failed={Boolean(requests.error) && !requests.data}
      />
      <p>
        <AppLink to={ROUTES.amoeRedeem} data-testid="link-amoe-redeem">
          Have an AMOE code? Redeem it
        </AppLink>
      </p>
    </Page>
  );
}
