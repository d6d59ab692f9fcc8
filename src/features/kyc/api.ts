/**
 * The KYC link call of spec section 7 (the link or re-authentication link by flow). The result
 * call is state/identity-actions.ts's fetchKeptKycResult (kept until answered).
 */
import { KYC_API_PATHS, KycLinkSchema, type KycFlow, type KycLink } from '../../contract/kyc.ts';
import { api } from '../../lib/api-client.ts';

export const fetchKycLink = (flow: KycFlow, signal?: AbortSignal): Promise<KycLink> =>
  api.get(KYC_API_PATHS.link(flow), KycLinkSchema, { handleErrors: false, signal });
