/** The KYC calls of spec section 7: the link (or re-authentication link) by flow, and the result. */
import {
  KYC_API_PATHS,
  KycLinkSchema,
  KycResultSchema,
  type KycFlow,
  type KycLink,
  type KycResult,
} from '../../contract/kyc.ts';
import { api } from '../../lib/api-client.ts';

export const fetchKycLink = (flow: KycFlow, signal?: AbortSignal): Promise<KycLink> =>
  api.get(KYC_API_PATHS.link(flow), KycLinkSchema, { handleErrors: false, signal });

export const fetchKycResult = (flow: KycFlow, authResponse: string): Promise<KycResult> =>
  api.get(KYC_API_PATHS.result(flow, authResponse), KycResultSchema, { handleErrors: false });
