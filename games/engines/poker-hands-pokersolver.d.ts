/** The part of the pokersolver package (a dev dependency) the evaluator test compares against. */
declare module 'pokersolver' {
  interface SolvedHand {
    /** 'Straight Flush', 'Four of a Kind', 'Full House', 'Flush', 'Straight', 'Three of a Kind', 'Two Pair', 'Pair', 'High Card'. */
    name: string;
    /** 'Royal Flush' for a royal, otherwise a longer description. */
    descr: string;
  }
  const pokersolver: { Hand: { solve(cards: string[]): SolvedHand } };
  export default pokersolver;
}
