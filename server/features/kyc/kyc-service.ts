/**
 * Identity verification (docs/kyc.md): opening a verification session, settling the provider's
 * decision for the frame's auth response, and reading the player's status (asking the provider
 * about a pending decision first). The provider is asked server to server; the browser only
 * carries the opaque auth response, so nothing it says about the outcome is trusted.
 *
 * A decision changes users.identity_state through setIdentityState, once: the check row and the
 * player row are locked, and a check already decided answers its decision again, so a burst of
 * result calls for one verification makes one transition and one history row.
 */
import { randomUUID } from 'node:crypto';
import {
  KYC_ERROR_CODES,
  KYC_LINKS_PER_DAY,
  KYC_RESULT_MAX_RETRIES,
  KYC_RESULT_RETRY_PAUSE_SECONDS,
  KYC_TEXTS,
  type KycFlow,
  type KycLink,
  type KycOutcome,
  type KycResult,
  type KycStatus,
} from '../../../src/contract/kyc.ts';
import { PROPERTY_NAMES, isTrue } from '../../../src/contract/properties.ts';
import type { IdentityState } from '../../../src/contract/player-standing.ts';
import type { Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { IdentityProviderUnavailableError, type ProviderDecision } from '../../providers/kyc/kyc-provider.ts';
import { readProperties } from '../../core/properties.ts';
import { setIdentityState } from './identity-state.ts';
import {
  countAttempt,
  countChecksSince,
  deleteReservedCheck,
  insertReservedCheck,
  latestPendingCheck,
  lockCheckById,
  lockPlayerCheck,
  lockPlayerIdentity,
  readIdentityStatus,
  recordOutcome,
  setProviderReference,
  type CheckOutcome,
} from './kyc-checks-store.ts';
import type { IdentityProvider } from '../../providers/kyc/kyc-provider.ts';
import { clearReauthenticationDue } from './reauthentication.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const kycError = (
  status: 403 | 404 | 409 | 429 | 503,
  code: keyof typeof KYC_ERROR_CODES,
  message: string,
  field: string | null = null,
) => new ApiError(status, KYC_ERROR_CODES[code], message, field);

export const unavailable = () => kycError(503, 'KYC_UNAVAILABLE', KYC_TEXTS.unavailable);

interface KycSwitches {
  providerEnabled: boolean;
  flowEnabled: boolean;
  workflowRetrieval: boolean;
}

/** The three identity named properties (docs/kyc.md says what each one does). */
export async function readKycSwitches(db: Queryable): Promise<KycSwitches> {
  const props = await readProperties(
    db,
    [
      PROPERTY_NAMES.identityProviderEnabled,
      PROPERTY_NAMES.flowEnabled,
      PROPERTY_NAMES.workflowExecutionRetrieval,
    ],
    {},
  );
  const value = (key: string) => props.find((p) => p.key === key)?.value;
  return {
    providerEnabled: isTrue(value(PROPERTY_NAMES.identityProviderEnabled)),
    flowEnabled: isTrue(value(PROPERTY_NAMES.flowEnabled)),
    workflowRetrieval: isTrue(value(PROPERTY_NAMES.workflowExecutionRetrieval)),
  };
}

/** Why this player may not open a session for `flow`, or null when they may. */
function refusalFor(flow: KycFlow, state: IdentityState): ApiError | null {
  if (flow === 'reauthentication')
    return state === 'verified'
      ? null
      : kycError(409, 'KYC_NOT_VERIFIED', 'Re-authentication is for players whose identity is verified.');
  switch (state) {
    case 'verified':
      return kycError(409, 'KYC_ALREADY_VERIFIED', KYC_TEXTS.verified);
    case 'pending':
      return kycError(409, 'KYC_PENDING', KYC_TEXTS.pending);
    case 'rejected':
      return kycError(403, 'KYC_REJECTED', KYC_TEXTS.rejected);
    default:
      return null;
  }
}

/** The link (or re-authentication link) call: reserves a check, opens the provider session, answers its frame. */
export async function openVerificationLink(deps: AppDeps, userId: string, flow: KycFlow): Promise<KycLink> {
  const switches = await readKycSwitches(deps.db);
  if (!switches.providerEnabled) throw unavailable();
  if (flow === 'reauthentication' && !switches.flowEnabled)
    throw kycError(503, 'KYC_FLOW_UNAVAILABLE', KYC_TEXTS.flowUnavailable);
  const nowMs = deps.now();
  const nowIso = new Date(nowMs).toISOString();
  const checkId = randomUUID();
  // The reservation counts toward the daily links under the player's row lock, so a burst of
  // link calls cannot open more sessions than the limit.
  await transaction(deps.db, async (tx) => {
    const state = await lockPlayerIdentity(tx, userId);
    if (state === null) throw new ApiError(401, 'NOT_AUTHENTICATED', 'Please sign in again.');
    const refusal = refusalFor(flow, state);
    if (refusal) throw refusal;
    if ((await countChecksSince(tx, userId, new Date(nowMs - DAY_MS).toISOString())) >= KYC_LINKS_PER_DAY)
      throw kycError(429, 'KYC_TOO_MANY_ATTEMPTS', KYC_TEXTS.tooManyAttempts);
    await insertReservedCheck(tx, checkId, userId, flow, nowIso);
  });
  try {
    const session = await deps.providers.identity.startSession(flow);
    await setProviderReference(deps.db, checkId, session.reference);
    return {
      href: session.href,
      max_retries: KYC_RESULT_MAX_RETRIES,
      retry_pause_seconds: KYC_RESULT_RETRY_PAUSE_SECONDS,
    };
  } catch (error) {
    await deleteReservedCheck(deps.db, checkId);
    if (error instanceof IdentityProviderUnavailableError) {
      deps.logger.warn('identity provider unavailable', { error: error.message });
      throw unavailable();
    }
    throw error;
  }
}

const FINAL_OUTCOMES: readonly (CheckOutcome | null)[] = ['verified', 'rejected'];

/** What a provider decision makes of a check and of the player's state (verification flow only). */
const DECIDED: Partial<
  Record<ProviderDecision, { outcome: KycOutcome; state: IdentityState; reason: string }>
> = {
  approved: { outcome: 'verified', state: 'verified', reason: 'provider approved' },
  pending: { outcome: 'pending', state: 'pending', reason: 'provider pending' },
  rejected: { outcome: 'rejected', state: 'rejected', reason: 'provider rejected' },
};

/**
 * Applies a decision to a locked check and, for the verification flow, to the player's state.
 * A verified player is never moved by a verification check (an operator revokes instead).
 */
async function applyDecision(
  tx: Queryable,
  check: { id: string; user_id: string; flow: KycFlow },
  decided: { outcome: KycOutcome; state: IdentityState; reason: string },
  nowMs: number,
): Promise<IdentityState> {
  await recordOutcome(tx, check.id, decided.outcome, new Date(nowMs).toISOString());
  const current = await lockPlayerIdentity(tx, check.user_id);
  // A verified re-authentication settles the one the server asked for (reauthentication.ts).
  if (check.flow === 'reauthentication' && decided.outcome === 'verified')
    await clearReauthenticationDue(tx, check.user_id);
  if (check.flow !== 'verification' || current === null || current === 'verified') return current ?? 'none';
  const { after } = await setIdentityState(tx, check.user_id, decided.state, decided.reason, nowMs);
  return after;
}

type Settled =
  | { kind: 'decided'; outcome: KycOutcome; state: IdentityState }
  | { kind: 'no_decision' }
  | { kind: 'no_decision_max' };

/** The result call: asks the provider about the auth response and settles its decision once. */
export async function settleVerificationResult(
  deps: AppDeps,
  userId: string,
  flow: KycFlow,
  authResponse: string,
): Promise<KycResult> {
  const switches = await readKycSwitches(deps.db);
  if (!switches.providerEnabled) throw unavailable();
  let answer: Awaited<ReturnType<IdentityProvider['resultOf']>>;
  try {
    answer = await deps.providers.identity.resultOf(authResponse);
  } catch (error) {
    if (error instanceof IdentityProviderUnavailableError) throw unavailable();
    throw error;
  }
  const unknown = () => kycError(404, 'KYC_UNKNOWN_RESPONSE', KYC_TEXTS.unknownResponse, 'auth_response');
  if (!answer) throw unknown();
  const { reference, decision } = answer;
  const nowMs = deps.now();
  const nowIso = new Date(nowMs).toISOString();
  const settled = await transaction(deps.db, async (tx): Promise<Settled> => {
    const check = await lockPlayerCheck(tx, userId, flow, reference);
    if (!check) throw unknown();
    await countAttempt(tx, check.id, nowIso);
    if (FINAL_OUTCOMES.includes(check.outcome)) {
      const state = (await lockPlayerIdentity(tx, userId)) ?? 'none';
      return { kind: 'decided', outcome: check.outcome as KycOutcome, state };
    }
    if (decision === 'no_decision') return { kind: 'no_decision' };
    if (decision === 'no_decision_max') {
      if (check.outcome === null) await recordOutcome(tx, check.id, 'no_decision_max', nowIso);
      return { kind: 'no_decision_max' };
    }
    const decided = DECIDED[decision]!;
    const state = await applyDecision(tx, check, decided, nowMs);
    return { kind: 'decided', outcome: decided.outcome, state };
  });
  if (settled.kind === 'no_decision')
    throw kycError(409, 'KYC_NO_DECISION', 'The verification is not decided yet. Please ask again shortly.');
  if (settled.kind === 'no_decision_max') throw kycError(409, 'KYC_NO_DECISION_MAX', KYC_TEXTS.noDecisionMax);
  return { flow, outcome: settled.outcome, identity_state: settled.state };
}

/**
 * A pending player's decision, asked of the provider when workflow execution retrieval is on:
 * a decided workflow settles the check and the state like a result call would.
 */
async function refreshPendingDecision(deps: AppDeps, userId: string): Promise<void> {
  const check = await latestPendingCheck(deps.db, userId);
  if (!check) return;
  let decision: ProviderDecision | null;
  try {
    decision = await deps.providers.identity.workflowDecision(check.provider_reference);
  } catch (error) {
    // The stored state is still right, only not refreshed: answer it.
    if (error instanceof IdentityProviderUnavailableError) return;
    throw error;
  }
  if (decision !== 'approved' && decision !== 'rejected') return;
  const nowMs = deps.now();
  await transaction(deps.db, async (tx) => {
    const locked = await lockCheckById(tx, check.id);
    if (!locked || locked.outcome !== 'pending') return;
    await applyDecision(tx, locked, DECIDED[decision]!, nowMs);
  });
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export async function readVerificationStatus(deps: AppDeps, userId: string): Promise<KycStatus> {
  const switches = await readKycSwitches(deps.db);
  let row = await readIdentityStatus(deps.db, userId);
  if (row?.identity_state === 'pending' && switches.providerEnabled && switches.workflowRetrieval) {
    await refreshPendingDecision(deps, userId);
    row = await readIdentityStatus(deps.db, userId);
  }
  if (!row) throw new ApiError(401, 'NOT_AUTHENTICATED', 'Please sign in again.');
  return {
    identity_state: row.identity_state,
    verified_at: row.identity_state === 'verified' ? iso(row.identity_verified_at) : null,
    pending_since: row.identity_state === 'pending' ? iso(row.pending_since) : null,
  };
}
