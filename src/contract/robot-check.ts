/**
 * The "I'm not a robot" check shared by the mail-in (AMOE) postal request code and sign-up
 * (docs/amoe.md "The robot check", docs/account.md "The robot check at sign-up"). The sandbox
 * provider issues a signed challenge; the page solves it (a small proof of work) and sends the
 * token back once.
 */
import { number, string, type, type Infer } from 'superstruct';

export const RobotCheckChallengeSchema = type({
  /** Public key of the provider ('sandbox-amoe' for the sandbox); sent back as site_key / g_id. */
  site_key: string(),
  provider: string(),
  /** Signed challenge text; the page solves it (sandbox: proof of work) when the box is ticked. */
  challenge: string(),
  /** Leading zero bits SHA-256(challenge + ':' + answer) must have (sandbox). */
  difficulty: number(),
  expires_at: string(),
});
export type RobotCheckChallenge = Infer<typeof RobotCheckChallengeSchema>;

/** Why a token was refused (extra.reason of the 400). */
export const ROBOT_CHECK_PROBLEMS = [
  'missing',
  'malformed',
  'signature',
  'expired',
  'used',
  'unsolved',
  'site_key',
  'other_player',
] as const;
export type RobotCheckProblem = (typeof ROBOT_CHECK_PROBLEMS)[number];

/** What the widget and the forms say (in a module of its own: the join page reads only these at first). */
export { ROBOT_CHECK_TEXTS } from './robot-check-texts.ts';
