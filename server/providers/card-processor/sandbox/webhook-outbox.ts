/**
 * Outgoing webhooks of a sandbox provider, delivered like a real provider does: signed, in the
 * background, retried with exponential backoff while the receiver answers non-2xx or cannot be
 * reached, given up after MAX_ATTEMPTS. Tests call `flush()` to deliver at a moment they choose
 * (autoDeliver off).
 */
import { signWebhook } from '../webhook-signature.ts';

/** Sends one signed delivery; answers the HTTP status (throws when unreachable). */
export type WebhookTransport = (rawBody: string, signature: string) => Promise<number>;

interface Pending {
  rawBody: string;
  attempts: number;
  nextAt: number;
}

const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 500;

export class WebhookOutbox {
  private queue: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;
  transport: WebhookTransport | null = null;

  constructor(
    private readonly secret: string,
    private readonly now: () => number,
    private readonly autoDeliver: boolean,
    private readonly onGiveUp: (rawBody: string) => void = () => undefined,
  ) {}

  enqueue(event: object): void {
    this.queue.push({ rawBody: JSON.stringify(event), attempts: 0, nextAt: 0 });
    if (this.autoDeliver) this.schedule(0);
  }

  get pending(): number {
    return this.queue.length;
  }

  private schedule(delayMs: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush(false).then(() => {
        if (this.queue.length > 0) {
          const next = Math.min(...this.queue.map((p) => p.nextAt));
          this.schedule(Math.max(0, next - this.now()));
        }
      });
    }, delayMs);
    this.timer.unref?.();
  }

  /** Delivers every due event once (force: every queued event, due or not). */
  async flush(force = true): Promise<void> {
    if (this.flushing) await this.flushing;
    this.flushing = (async () => {
      const due = this.queue.filter((p) => force || p.nextAt <= this.now());
      for (const p of due) {
        let ok = false;
        try {
          if (this.transport) {
            const status = await this.transport(p.rawBody, signWebhook(this.secret, p.rawBody, this.now()));
            ok = status >= 200 && status < 300;
          }
        } catch {
          ok = false;
        }
        p.attempts += 1;
        if (ok || p.attempts >= MAX_ATTEMPTS) {
          this.queue = this.queue.filter((q) => q !== p);
          if (!ok) this.onGiveUp(p.rawBody);
        } else {
          p.nextAt = this.now() + BASE_DELAY_MS * 2 ** (p.attempts - 1);
        }
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
