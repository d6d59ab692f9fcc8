/**
 * Reads a message from the verification frame. Only a message from the provider's origin AND
 * from the frame's own window counts (another frame or window on that origin, or any other
 * origin, is ignored), and only the shapes of the contract's KycFrameMessage.
 */
import { KYC_FRAME_MESSAGE_TYPE, KYC_FRAME_SUCCESS, AUTH_RESPONSE_PATTERN } from '../../contract/kyc.ts';

export type FrameSignal =
  { event: 'loaded' } | { event: 'submitted'; authResponse: string } | { event: 'other' };

export function readFrameMessage(
  message: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  providerOrigin: string,
  frameWindow: MessageEventSource | null,
): FrameSignal | null {
  if (message.origin !== providerOrigin || frameWindow === null || message.source !== frameWindow)
    return null;
  const data: unknown = message.data;
  if (typeof data !== 'object' || data === null) return null;
  const m = data as { type?: unknown; event?: unknown; authorization?: unknown; payload?: unknown };
  if (m.type !== KYC_FRAME_MESSAGE_TYPE) return null;
  if (m.event === 'loaded') return { event: 'loaded' };
  const payloadValue =
    typeof m.payload === 'object' && m.payload !== null
      ? (m.payload as { value?: unknown }).value
      : undefined;
  if (
    m.event === 'submitted' &&
    typeof m.authorization === 'string' &&
    AUTH_RESPONSE_PATTERN.test(m.authorization) &&
    payloadValue === KYC_FRAME_SUCCESS
  )
    return { event: 'submitted', authResponse: m.authorization };
  // A message from the frame that is not a success still ends the spinner.
  return { event: 'other' };
}
