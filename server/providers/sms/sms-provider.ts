/**
 * Outgoing text messages. This build ships the outbox sandbox (outbox-sms.ts); a real SMS
 * gateway plugs in behind the same interface (docs/mobile-verification.md, "A real SMS
 * provider"): `send` resolves once the gateway has accepted the message and throws when it
 * refuses it, and nothing else in the server changes.
 */
export interface SmsMessage {
  /** What the message is for, e.g. 'mobile_verification_code' (kept in the outbox row's subject). */
  purpose: string;
  /** The number: 10 US digits, or E.164. */
  to: string;
  text: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
