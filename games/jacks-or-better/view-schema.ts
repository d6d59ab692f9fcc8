/**
 * The engine's player view as the round answer carries it (RoundView.state), checked before the
 * page shows it: a server of another version or a broken answer shows an error, never odd cards.
 */
import { array, boolean, enums, is, nullable, number, size, string, type } from 'superstruct';
import type { VideoPokerView } from '../engines/video-poker.ts';
import { PAY_LINES } from '../engines/video-poker-pays.ts';

const VideoPokerViewSchema = type({
  phase: enums(['dealt', 'drawn']),
  coins: number(),
  cards: size(array(size(string(), 2, 2)), 5, 5),
  held: size(array(boolean()), 5, 5),
  hand: nullable(enums(PAY_LINES)),
  hand_name: nullable(string()),
  pay: number(),
  allowed_actions: array(enums(['draw'])),
});

export const isVideoPokerView = (value: unknown): value is VideoPokerView => is(value, VideoPokerViewSchema);
