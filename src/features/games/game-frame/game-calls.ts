/**
 * The API calls a house game may ask the host to make (GAME_CALLS), mapped to GAMES_API_PATHS.
 * Each call's body is checked against the contract's request schema here, before any request:
 * a game can only reach these endpoints, only for its own game id, and only with well-formed
 * bodies. The answer schema goes with it so the API client validates the server's answer.
 */
import { object, pattern, string, validate, type Struct } from 'superstruct';
import type { GameCall } from '../../../contract/game-messages.ts';
import {
  ClientSeedRequestSchema,
  FairnessStateSchema,
  GAMES_API_PATHS,
  HOUSE_GAME_IDS,
  OpenRoundResponseSchema,
  PurchaseInstantWinRequestSchema,
  PurchaseSolitaireRequestSchema,
  RecallResponseSchema,
  RedeemInstantWinRequestSchema,
  RotateSeedResponseSchema,
  RoundActionRequestSchema,
  RoundAnswerSchema,
  StartRoundRequestSchema,
} from '../../../contract/games.ts';

export interface MappedGameCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The request body (none for GET). */
  body?: unknown;
  answer: Struct<unknown, unknown>;
}

export interface RefusedGameCall {
  refused: { code: 'CALL_NOT_ALLOWED' | 'INVALID_CALL_BODY'; message: string; field: string | null };
}

const ROUND_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const RoundActionCallSchema = object({
  round_id: pattern(string(), ROUND_ID_PATTERN),
  ...RoundActionRequestSchema.schema,
});
const NoBody = object({});

const answerOf = <T>(schema: Struct<T, unknown>): Struct<unknown, unknown> =>
  schema as unknown as Struct<unknown, unknown>;

function checked<T>(
  body: Record<string, unknown> | undefined,
  schema: Struct<T, unknown>,
  build: (valid: T) => Omit<MappedGameCall, 'answer'>,
  answer: Struct<unknown, unknown>,
): MappedGameCall | RefusedGameCall {
  const [error, valid] = validate(body ?? {}, schema);
  if (error) {
    const field = error.path.length > 0 ? error.path.join('.') : null;
    return {
      refused: {
        code: 'INVALID_CALL_BODY',
        message: `The game sent a malformed request${field ? ` (${field})` : ''}.`,
        field,
      },
    };
  }
  return { ...build(valid), answer };
}

/** The request for `call` made by game `gameId`, or why it is refused (no request then). */
export function mapGameCall(
  gameId: string,
  call: GameCall,
  body: Record<string, unknown> | undefined,
): MappedGameCall | RefusedGameCall {
  const round = answerOf(RoundAnswerSchema);
  switch (call) {
    case 'round.start':
      return checked(
        body,
        StartRoundRequestSchema,
        (valid) => ({ method: 'POST', path: GAMES_API_PATHS.startRound(gameId), body: valid }),
        round,
      );
    case 'round.act':
      return checked(
        body,
        RoundActionCallSchema,
        ({ round_id, action }) => ({
          method: 'POST',
          path: GAMES_API_PATHS.roundAction(gameId, round_id),
          body: { action },
        }),
        round,
      );
    case 'round.open':
      return checked(
        body,
        NoBody,
        () => ({ method: 'GET', path: GAMES_API_PATHS.openRound(gameId) }),
        answerOf(OpenRoundResponseSchema),
      );
    case 'rounds.recent':
      return checked(
        body,
        NoBody,
        () => ({ method: 'GET', path: GAMES_API_PATHS.recentRounds(gameId) }),
        answerOf(RecallResponseSchema),
      );
    case 'fairness.get':
      return checked(
        body,
        NoBody,
        () => ({ method: 'GET', path: GAMES_API_PATHS.fairness }),
        answerOf(FairnessStateSchema),
      );
    case 'fairness.client_seed':
      return checked(
        body,
        ClientSeedRequestSchema,
        (valid) => ({ method: 'PUT', path: GAMES_API_PATHS.fairnessClientSeed, body: valid }),
        answerOf(FairnessStateSchema),
      );
    case 'fairness.rotate':
      return checked(
        body,
        NoBody,
        () => ({ method: 'POST', path: GAMES_API_PATHS.fairnessRotate, body: {} }),
        answerOf(RotateSeedResponseSchema),
      );
    case 'instant_win.purchase':
      // The game id is the frame's own, whatever the game sends.
      return checked(
        { ...body, gameId },
        PurchaseInstantWinRequestSchema,
        (valid) => ({ method: 'POST', path: GAMES_API_PATHS.purchaseInstantWin, body: valid }),
        round,
      );
    case 'instant_win.redeem':
      return checked(
        body,
        RedeemInstantWinRequestSchema,
        (valid) => ({ method: 'POST', path: GAMES_API_PATHS.redeemInstantWin, body: valid }),
        round,
      );
    case 'solitaire.purchase':
      if (gameId !== HOUSE_GAME_IDS.solitaire) return notAllowed(call);
      return checked(
        body,
        PurchaseSolitaireRequestSchema,
        (valid) => ({ method: 'POST', path: GAMES_API_PATHS.purchaseSolitaire, body: valid }),
        round,
      );
  }
  return notAllowed(call);
}

export function notAllowed(call: string): RefusedGameCall {
  return {
    refused: {
      code: 'CALL_NOT_ALLOWED',
      message: `The game may not make the call "${call.slice(0, 40)}".`,
      field: null,
    },
  };
}

export const isRefused = (mapped: MappedGameCall | RefusedGameCall): mapped is RefusedGameCall =>
  'refused' in mapped;
