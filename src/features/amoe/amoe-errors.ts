/**
 * What the AMOE dialog says for a refused redemption (spec section 8): each known code has its
 * text; the daily limit offers to try again tomorrow, the monthly limit offers no retry; anything
 * else is the generic message. Offline it says the call needs a connection; a lost answer with
 * the browser online is not "offline": the code may be credited already, and redeeming it again
 * sends the same request (its key is kept), so it is credited once.
 */
import { AMOE_ERROR_CODES, AMOE_TEXTS } from '../../contract/amoe.ts';
import { PLAYER_STANDING_ERROR_CODES } from '../../contract/player-standing.ts';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';

export interface AmoeErrorView {
  title: string;
  message: string;
  /** The player may fix the code and try again (shown as "Review code"). */
  reviewCode: boolean;
}

const LOST_ANSWER =
  'We did not hear back from our servers. Press Redeem code again with the same code: it is credited once.';

const MESSAGES: Readonly<Record<string, string>> = {
  [AMOE_ERROR_CODES.AMOE_CODE_INVALID]: AMOE_TEXTS.codeInvalid,
  [AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED]: AMOE_TEXTS.alreadyRedeemed,
  [AMOE_ERROR_CODES.AMOE_CODE_NOT_ASSOCIATED]: AMOE_TEXTS.notAssociated,
  [AMOE_ERROR_CODES.AMOE_CODE_EXPIRED]: AMOE_TEXTS.expired,
  [AMOE_ERROR_CODES.AMOE_DAILY_LIMIT]: AMOE_TEXTS.dailyLimit,
  [AMOE_ERROR_CODES.AMOE_MONTHLY_LIMIT]: AMOE_TEXTS.monthlyLimit,
  [CLIENT_ERROR_CODES.OFFLINE]: AMOE_TEXTS.offline,
  [CLIENT_ERROR_CODES.NETWORK_ERROR]: LOST_ANSWER,
};

const STANDING_CODES = new Set<string>(Object.values(PLAYER_STANDING_ERROR_CODES));

export function amoeErrorView(errorCode: string | null, serverMessage?: string | null): AmoeErrorView {
  const known = errorCode ? MESSAGES[errorCode] : undefined;
  // Play-gate refusals (suspended, on a break) carry their own explanation from the server.
  const standing =
    errorCode !== null && STANDING_CODES.has(errorCode) && serverMessage ? serverMessage : undefined;
  const message = known ?? standing ?? AMOE_TEXTS.generic;
  return {
    title: AMOE_TEXTS.errorTitle,
    message,
    reviewCode: errorCode === AMOE_ERROR_CODES.AMOE_CODE_INVALID,
  };
}
