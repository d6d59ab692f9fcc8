/**
 * /refer-a-friend: the player's referral link with share buttons, the reward rules and the list of
 * their referrals (SWR; offline, the list loaded earlier stays with a note). Share uses the Web
 * Share API where the browser has it; Copy link is always offered and says "Copied".
 */
import { css } from '@linaria/core';
import { useRef, useState } from 'react';
import {
  REFERRAL_NO_REWARD_TEXTS,
  REFERRAL_STATE_LABELS,
  REFERRAL_TEXTS,
  type Referral,
} from '../../contract/referrals.ts';
import { ROUTES } from '../../contract/routes.ts';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { formatAmount } from '../../contract/money.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useReferrals } from './api.ts';
import { ReferralRules } from './referral-rules.tsx';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

const linkBox = css`
  width: 100%;
  padding: var(--space-2) var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  font: inherit;
  background: var(--color-surface);
  color: var(--color-text);
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
  align-items: center;
  margin-top: var(--space-3);
`;
const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li {
    padding: var(--space-3) 0;
    border-bottom: 1px solid var(--color-border);
  }
  & > li:last-child {
    border-bottom: 0;
  }
`;
const row = css`
  display: flex;
  justify-content: space-between;
  gap: var(--space-3);
`;
const badge = css`
  font-weight: 700;
  white-space: nowrap;
`;
const muted = css`
  color: var(--color-text-muted);
  font-size: 0.9rem;
  margin: var(--space-1) 0 0;
`;

const dateFormat = lazyDateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string): string => dateFormat().format(new Date(iso));

/** The line under a friend's name: when they joined and what came of it. */
export function referralDetail(r: Referral): string {
  if (r.state === 'rewarded') {
    const parts = [formatAmount('gold', r.reward_gld)];
    if (r.reward_ghc > 0) parts.push(formatAmount('sweeps', r.reward_ghc));
    return r.reward_gld > 0 || r.reward_ghc > 0
      ? `Rewarded ${formatDate(r.rewarded_at ?? r.joined_at)}: you received ${parts.join(' + ')}.`
      : `Rewarded ${formatDate(r.rewarded_at ?? r.joined_at)}: your share was withheld while bonuses were paused on your account.`;
  }
  if (r.state === 'qualified')
    return r.no_reward_reason ? REFERRAL_NO_REWARD_TEXTS[r.no_reward_reason] : 'First purchase made.';
  return `Joined ${formatDate(r.joined_at)}. Waiting for their first purchase.`;
}

type CopyStatus = 'idle' | 'copied' | 'failed';

function ShareLink({ url }: { url: string }) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const input = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('copied');
    } catch {
      // No clipboard access (older browser, permission refused): select it for the player to copy.
      input.current?.select();
      setStatus('failed');
    }
  }

  async function share() {
    try {
      await navigator.share({ title: REFERRAL_TEXTS.shareTitle, text: REFERRAL_TEXTS.shareText, url });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if ((error as { name?: string } | null)?.name !== 'AbortError') await copy();
    }
  }

  return (
    <>
      <label htmlFor="referral-link">Your referral link</label>
      <input
        id="referral-link"
        ref={input}
        className={linkBox}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="referral-link"
      />
      <div className={actions}>
        {canShare ? (
          <Button onClick={() => void share()} data-testid="referral-share">
            Share
          </Button>
        ) : null}
        <Button
          variant={canShare ? 'secondary' : 'primary'}
          onClick={() => void copy()}
          data-testid="referral-copy"
        >
          Copy link
        </Button>
        <span role="status" aria-live="polite" data-testid="referral-copy-status">
          {status === 'copied' ? REFERRAL_TEXTS.copied : status === 'failed' ? REFERRAL_TEXTS.copyFailed : ''}
        </span>
      </div>
    </>
  );
}

export default function ReferAFriendPage() {
  const online = useOnline();
  const { data, error, isLoading } = useReferrals();
  const offline = !online || error?.code === CLIENT_ERROR_CODES.OFFLINE;
  const url = data ? `${window.location.origin}${data.link_path}` : null;

  return (
    <Page title="Refer a Friend" width="narrow">
      {offline ? (
        <Notice tone="warning" testId="referrals-offline">
          {data ? REFERRAL_TEXTS.offline : REFERRAL_TEXTS.offlineNoList}
        </Notice>
      ) : null}
      {error && !offline && !data ? <Notice tone="error">{REFERRAL_TEXTS.loadFailed}</Notice> : null}
      <Card>
        <h2>Invite your friends</h2>
        <p>
          Share your link. When a friend joins with it and makes a first purchase, you both get free coins.
        </p>
        {url ? (
          <ShareLink key={url} url={url} />
        ) : isLoading ? (
          <Spinner label="Loading your link..." />
        ) : null}
      </Card>
      <Card>
        <h2>How it works</h2>
        <ReferralRules />
        <p>
          Full terms: <AppLink to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</AppLink>.
        </p>
      </Card>
      <Card>
        <h2>Your referrals</h2>
        {data ? (
          <>
            <p className={muted} data-testid="referrals-month">
              Rewarded this month: {data.rewarded_this_month} of {data.monthly_cap}
            </p>
            {data.results.length === 0 ? (
              <p data-testid="referrals-empty">{REFERRAL_TEXTS.empty}</p>
            ) : (
              <ul className={list} data-testid="referrals-list">
                {data.results.map((r) => (
                  <li key={r.id} data-testid="referral-item" data-state={r.state}>
                    <div className={row}>
                      <span>{r.friend_name}</span>
                      <span className={badge}>{REFERRAL_STATE_LABELS[r.state]}</span>
                    </div>
                    <p className={muted}>{referralDetail(r)}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : isLoading ? (
          <Spinner label="Loading your referrals..." />
        ) : null}
      </Card>
    </Page>
  );
}
