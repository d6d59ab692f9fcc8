/**
 * API calls of legal acceptance and responsible play, shared by the updated-terms and reality
 * check dialogs (player-safeguards) and the My Account section: paths and schemas stay here.
 */
import {
  LEGAL_ACCEPTANCE_PATHS,
  PendingLegalDocumentsResponseSchema,
  type AcceptedDocument,
  type PendingLegalDocumentsResponse,
} from '../contract/legal-acceptance.ts';
import {
  RESPONSIBLE_PLAY_PATHS,
  ResponsiblePlaySettingsSchema,
  SessionSummarySchema,
  type ResponsiblePlaySettings,
  type SetRestrictionRequest,
} from '../contract/responsible-play.ts';
import { api } from './api-client.ts';
import { useApiGet } from './swr.tsx';

/** The documents awaiting this player's acceptance; null skips the call (signed out). */
export const usePendingLegalDocuments = (enabled: boolean) =>
  useApiGet(enabled ? LEGAL_ACCEPTANCE_PATHS.pending : null, PendingLegalDocumentsResponseSchema, {
    handleErrors: false,
  });

export const acceptLegalDocuments = (documents: AcceptedDocument[]): Promise<PendingLegalDocumentsResponse> =>
  api.post(LEGAL_ACCEPTANCE_PATHS.accept, { documents }, PendingLegalDocumentsResponseSchema, {
    handleErrors: false,
  });

export const useResponsiblePlaySettings = (enabled: boolean) =>
  useApiGet(enabled ? RESPONSIBLE_PLAY_PATHS.settings : null, ResponsiblePlaySettingsSchema, {
    handleErrors: false,
  });

export const useSessionSummary = (enabled: boolean) =>
  useApiGet(enabled ? RESPONSIBLE_PLAY_PATHS.session : null, SessionSummarySchema, { handleErrors: false });

export const setPlayRestriction = (body: SetRestrictionRequest): Promise<ResponsiblePlaySettings> =>
  api.post(RESPONSIBLE_PLAY_PATHS.restriction, body, ResponsiblePlaySettingsSchema, { handleErrors: false });

export const setRealityCheck = (minutes: 0 | 15 | 30 | 60): Promise<ResponsiblePlaySettings> =>
  api.put(RESPONSIBLE_PLAY_PATHS.realityCheck, { minutes }, ResponsiblePlaySettingsSchema, {
    handleErrors: false,
  });
