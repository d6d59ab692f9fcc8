/**
 * What the player is told about each block of their standing (src/contract/player-standing.ts).
 * A module of its own: the standing's codes and states ride in the app's start-up code (the
 * user schema and the error catalogue need them), the texts only with the dialogs and banners
 * that show them.
 */
export const PLAYER_STANDING_TEXTS = {
  suspended: 'Your account is suspended. Please contact support.',
  onBreak: 'You are taking a break from play until {until}. You can still redeem and read your history.',
  selfExcluded:
    'You have excluded yourself from play until {until}. You can still redeem and read your history.',
  selfExcludedPermanently:
    'You have excluded yourself from play permanently. You can still redeem and read your history.',
  w9Required: 'We need your W-9 information before you can continue to play or redeem.',
  termsAcceptanceRequired: 'Please read and accept the updated terms before you continue to play.',
} as const;
