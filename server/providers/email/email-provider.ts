/** Outgoing mail. This build ships the outbox implementation; a real relay plugs in behind the same interface. */
export interface EmailMessage {
  /** What the mail is for, e.g. 'sign_in_link' (kept in the outbox row). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  /**
   * Marketing mail only: where the reader unsubscribes. Sent as List-Unsubscribe (the page) and,
   * with oneClickUrl, List-Unsubscribe-Post (RFC 8058) so mail clients offer their own button.
   */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}
