/**
 * Address change requests (rules in docs/account.md "Changing the address"). The
 * billing address PATCH (PAYMENTS_API_PATHS.address) checks the address at once; a verified
 * player's change of an address on file waits for identity re-authentication (202, the User with
 * address_update_pending) and is applied or refused when the identity provider decides.
 * Framework-free: shared by app and server.
 */
import { enums, nullable, string, type, boolean, type Infer } from 'superstruct';

export const ADDRESS_REQUEST_PATHS = {
  /** GET (JWT): the player's latest address change request -> AddressRequestView. */
  addressRequest: '/users/me/address-request',
} as const;

export const ADDRESS_REQUEST_STATUSES = ['none', 'pending', 'applied', 'refused'] as const;
export type AddressRequestStatus = (typeof ADDRESS_REQUEST_STATUSES)[number];

/** Why a request waits (pending) or why it was refused (refused). */
export const ADDRESS_REQUEST_REASONS = [
  'reauthentication',
  'reauthentication_rejected',
  'identity_not_verified',
  'excluded_state',
  'household_limit',
  'invalid_address',
] as const;
export type AddressRequestReason = (typeof ADDRESS_REQUEST_REASONS)[number];

const RequestedAddressSchema = type({
  address_line_1: string(),
  address_line_2: nullable(string()),
  city: string(),
  state_or_province: string(),
  postal_code: string(),
});

export const AddressRequestViewSchema = type({
  status: enums(ADDRESS_REQUEST_STATUSES),
  /** The address asked for; null when the player never asked for a change. */
  requested_address: nullable(RequestedAddressSchema),
  reason: nullable(enums(ADDRESS_REQUEST_REASONS)),
  /** Refused: what the player is told. */
  error_message: nullable(string()),
  /** Pending: the identity re-authentication (KYC flow `reauthentication`) decides it. */
  reauthentication_required: boolean(),
  created_at: nullable(string()),
  decided_at: nullable(string()),
});
export type AddressRequestView = Infer<typeof AddressRequestViewSchema>;

export const ADDRESS_REQUEST_TEXTS = {
  pending:
    'Your new address is waiting for identity re-authentication. Verify your identity again to finish the change; your current address stays on file until then.',
  reauthenticationRejected:
    'We could not confirm your identity for this address change, so your address was not changed. Please contact support.',
  identityNotVerified:
    'Your identity verification changed while this address change was waiting, so your address was not changed. Please submit the address again.',
} as const;
