/** A FIFO lock: runs async jobs one after another (PGlite has a single connection). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job, job);
    // The queue continues whether the job failed or not.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
