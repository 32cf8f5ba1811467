/**
 * Runs an operation on the shared (Redis) store and, while Redis cannot be reached, on this process's own
 * store instead: a limit per instance is weaker, but a Redis outage must neither fail the request nor switch
 * the limit off. `warn` hears of an outage once, when it starts; a success ends it.
 */
export class RedisFallback {
  private inOutage = false;

  constructor(private readonly warn: (reason: string) => void) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      const result = await shared();
      this.inOutage = false;
      return result;
    } catch (err) {
      this.failed(err);
      return local();
    }
  }

  /** A failure outside `run` (a store's set-up) starts an outage the same way. */
  failed(err: unknown): void {
    if (this.inOutage) return;
    this.inOutage = true;
    this.warn(err instanceof Error ? err.message : String(err));
  }
}
