/**
 * At most `concurrency` jobs at a time, the rest wait in arrival order; when `maxWaiting` jobs
 * already wait, a new one is refused at once (CapacityExceeded) instead of queueing without bound.
 */
export class CapacityExceeded extends Error {
  constructor() {
    super('too many jobs waiting');
    this.name = 'CapacityExceeded';
  }
}

export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Jobs running plus jobs waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new CapacityExceeded();
      // The finishing job hands its slot over directly, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
