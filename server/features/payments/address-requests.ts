/**
 * An address change is a request the server checks (docs/account.md "Changing the
 * address"). The rule:
 *
 * - Every check that can be made at once is made in the call (the form's rules, a ZIP in the
 *   state given, the excluded states: address.ts checkAddress; the household's places when it is
 *   saved). A refusal answers 400/409 with code, field and message, and nothing is recorded: the
 *   player sees it in the form.
 * - A player whose identity is verified, changing an address already on file to another one,
 *   must prove again that they are the verified person (KYC flow `reauthentication`): the request
 *   waits (status pending, answer 202 with `address_update_pending`), the address on file stays.
 *   The provider's decision settles it: approved applies it (after checking it again: the address
 *   rules and the household's places at that moment), rejected refuses it with
 *   `address_update_error_message`.
 *   A player whose identity stopped being verified meanwhile has it refused too (submit again).
 * - Any other change is applied at once. A new request (or a change applied at once) replaces the
 *   waiting one: at most one request waits per player (the player's row lock and a unique index).
 */
import {
  ADDRESS_REQUEST_TEXTS,
  type AddressRequestReason,
  type AddressRequestView,
} from '../../../src/contract/address-requests.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../core/deps.ts';
import { ApiError } from '../../http/api-error.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { reauthenticationDecisionSince } from '../kyc/public.ts';
import { checkAddress, prohibitedStates, type CheckedAddress } from './address.ts';
import { checkHousehold, saveBillingAddress } from './address-store.ts';
import {
  decideAddressRequest,
  findPendingRequest,
  insertAddressRequest,
  latestAddressRequest,
  lockPlayerAddress,
  supersedePending,
  type AddressRequestRow,
  type PlayerAddressRow,
} from './address-request-store.ts';

const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** The address on file differs from `a` (case and surrounding spaces aside). */
function changesAddressOnFile(player: PlayerAddressRow, a: CheckedAddress): boolean {
  return !(
    same(player.address_line_1, a.address_line_1) &&
    same(player.address_line_2, a.address_line_2) &&
    same(player.city, a.city) &&
    same(player.state_or_province, a.state_or_province) &&
    same(player.postal_code, a.postal_code)
  );
}

/** Whether this change must wait for identity re-authentication. */
export function needsReauthentication(player: PlayerAddressRow, a: CheckedAddress): boolean {
  return player.identity_state === 'verified' && !!player.address_line_1 && changesAddressOnFile(player, a);
}

/** Records a checked address change: applied at once, or waiting for re-authentication. */
export async function requestAddressChange(
  deps: AppDeps,
  userId: string,
  a: CheckedAddress,
): Promise<'applied' | 'pending'> {
  const nowMs = deps.now();
  const nowIso = new Date(nowMs).toISOString();
  return transaction(deps.db, async (tx) => {
    const player = await lockPlayerAddress(tx, userId);
    if (!player) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
    await supersedePending(tx, userId, nowIso);
    if (needsReauthentication(player, a)) {
      // What can be checked now is checked now (the household's places; again when it is applied).
      await checkHousehold(tx, userId, a);
      await insertAddressRequest(tx, userId, a, 'pending', 'reauthentication', nowIso);
      return 'pending';
    }
    await saveBillingAddress(tx, userId, a, nowMs);
    await insertAddressRequest(tx, userId, a, 'applied', null, nowIso);
    return 'applied';
  });
}

/** The reason recorded for an address refused by a check (the form's rules, states, household). */
const reasonOfRefusal = (error: ApiError): AddressRequestReason =>
  error.code === ERROR_CODES.EXCLUDED_STATE
    ? 'excluded_state'
    : error.code === 'HOUSEHOLD_LIMIT'
      ? 'household_limit'
      : 'invalid_address';

const asChecked = (r: AddressRequestRow): CheckedAddress => ({
  address_line_1: r.address_line_1,
  address_line_2: r.address_line_2,
  city: r.city,
  state_or_province: r.state_or_province,
  postal_code: r.postal_code,
});

type Decision = {
  status: 'applied' | 'refused';
  reason: AddressRequestReason | null;
  message: string | null;
};

/** What the waiting request becomes now, or null while it still waits. */
function decide(
  player: PlayerAddressRow,
  outcome: 'verified' | 'rejected' | null,
  request: AddressRequestRow,
  prohibited: readonly string[],
): Decision | null {
  if (player.identity_state !== 'verified')
    return {
      status: 'refused',
      reason: 'identity_not_verified',
      message: ADDRESS_REQUEST_TEXTS.identityNotVerified,
    };
  if (outcome === null) return null;
  if (outcome === 'rejected')
    return {
      status: 'refused',
      reason: 'reauthentication_rejected',
      message: ADDRESS_REQUEST_TEXTS.reauthenticationRejected,
    };
  try {
    checkAddress(asChecked(request), prohibited);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: 'refused', reason: reasonOfRefusal(error), message: error.message };
  }
  return { status: 'applied', reason: null, message: null };
}

/**
 * Settles the player's waiting request when its check has an answer (the re-authentication
 * decided, or the identity no longer verified). Safe to call any number of times, in parallel:
 * the decision is taken once under the player's row lock.
 */
export async function settleAddressRequest(deps: AppDeps, userId: string): Promise<void> {
  const waiting = await findPendingRequest(deps.db, userId);
  if (!waiting) return;
  const outcome = await reauthenticationDecisionSince(
    deps.db,
    userId,
    new Date(waiting.created_at).toISOString(),
  );
  const prohibited = await prohibitedStates(deps.db);
  const nowMs = deps.now();
  const nowIso = new Date(nowMs).toISOString();
  await transaction(deps.db, async (tx) => {
    const player = await lockPlayerAddress(tx, userId);
    const request = await findPendingRequest(tx, userId, true);
    if (!player || !request || String(request.id) !== String(waiting.id)) return;
    let decision = decide(player, outcome, request, prohibited);
    if (!decision) return;
    if (decision.status === 'applied') {
      try {
        // Saving checks what only the moment of saving can (the household's places).
        await saveBillingAddress(tx, userId, asChecked(request), nowMs);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        decision = { status: 'refused', reason: reasonOfRefusal(error), message: error.message };
      }
    }
    await decideAddressRequest(tx, request.id, decision, nowIso);
  });
}

const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The player's latest request as the app shows it (after settling a waiting one). */
export async function readAddressRequest(deps: AppDeps, userId: string): Promise<AddressRequestView> {
  await settleAddressRequest(deps, userId);
  const r = await latestAddressRequest(deps.db, userId);
  if (!r)
    return {
      status: 'none',
      requested_address: null,
      reason: null,
      error_message: null,
      reauthentication_required: false,
      created_at: null,
      decided_at: null,
    };
  const status = r.status === 'superseded' ? 'applied' : r.status;
  return {
    status,
    requested_address: asChecked(r),
    reason: r.reason,
    error_message: status === 'refused' ? r.error_message : null,
    reauthentication_required: status === 'pending' && r.reason === 'reauthentication',
    created_at: isoOrNull(r.created_at),
    decided_at: isoOrNull(r.decided_at),
  };
}
