/**
 * The shape every house-game engine has. An engine is a pure, deterministic function of its
 * inputs: (bet, options, the round's random floats, the player's actions) -> state. No I/O, no
 * clock, no Math.random. The server runs it to decide rounds, the RTP tool to simulate them and
 * the fairness panel to replay a finished round from its revealed seed.
 *
 * Money inside an engine is in minor units of the round's currency (Gold: whole coins; Sweeps:
 * cents). A payout that is not a whole number of minor units is rounded down (written in each
 * game's rules).
 */

/**
 * Random access to one round's stream of floats in [0, 1): `floats(i)` is the i-th float.
 * Provably fair rounds read it from HMAC-SHA256 (see fair-random.ts); simulations from a fast
 * seeded generator. Engines keep their own cursor in their state, so an action taken a day later
 * reads the same floats it would have read at once.
 */
export type Floats = (index: number) => number;

/** A player action or option the engine refuses (not allowed now, malformed, out of range). */
export class IllegalActionError extends Error {
  constructor(
    message: string,
    /** The request field at fault, when there is one (wire name). */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'IllegalActionError';
  }
}

/** One thing that happened in a round, for recall and the fairness panel (cards dealt, reels, spots). */
export interface RoundStep {
  /** What kind of step: 'deal', 'hit', 'draw', 'spin', 'free_spin', 'scratch', 'move', ... */
  kind: string;
  [detail: string]: unknown;
}

export interface StartInput<Options> {
  /** The base bet in minor units (already checked against the game's limits by the server). */
  betMinor: number;
  options: Options;
}

export interface GameEngine<State, Action, Options = Record<string, never>> {
  readonly id: string;
  /** Validates the start options from the wire (throws IllegalActionError). */
  parseOptions(raw: unknown): Options;
  /** Validates one action from the wire (throws IllegalActionError). */
  parseAction(raw: unknown): Action;
  /** Starts a round with the bet placed. The round may be finished at once (a slot spin). */
  start(input: StartInput<Options>, floats: Floats): State;
  /** Applies one action (throws IllegalActionError when it is not allowed in this state). */
  act(state: State, action: Action, floats: Floats): State;
  finished(state: State): boolean;
  /** Everything staked so far, minor units: the base bet plus doubles, splits, insurance, side bets. */
  staked(state: State): number;
  /** Everything paid back so far, minor units (stake returned plus winnings). */
  won(state: State): number;
  /** The action the server takes for a round left open 24 hours (stated in the game's rules). */
  defaultAction(state: State): Action;
  /** What the player may see now: never a card not yet dealt face up (no hole card, no draw cards). */
  view(state: State): unknown;
  /** The round's steps, for recall. */
  steps(state: State): RoundStep[];
}
