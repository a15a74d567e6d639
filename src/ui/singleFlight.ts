/**
 * Shares one call per key between everyone who asks while it runs. React StrictMode mounts each
 * effect twice: without this the second mount would spend an emailed link's single-use code again
 * (auth/invalid-action-code) or accept an invitation twice (the second call 'already accepted'). Each caller keeps its own
 * cancellation, so the remounted effect still receives the result.
 *
 * Failures are forgotten as soon as they settle so that a retry calls again. Successes are kept
 * when `keepSuccess` is set: coming back to a link that already worked shows that it worked,
 * instead of spending the used code a second time.
 */
export class SingleFlight<T> {
  private readonly calls = new Map<string, Promise<T>>();

  constructor(private readonly keepSuccess: boolean) {}

  run(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.calls.get(key);
    if (existing) return existing;
    const call = Promise.resolve().then(start);
    this.calls.set(key, call);
    call.then(
      () => {
        if (!this.keepSuccess) this.calls.delete(key);
      },
      () => {
        this.calls.delete(key);
      },
    );
    return call;
  }
}
