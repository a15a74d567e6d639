/**
 * One call per key while it runs, shared by everyone who asks. React StrictMode mounts each effect
 * twice: without this the accept page would look an invitation up twice and, worse, accept it
 * twice (the second call failing with 'already accepted'). Each caller keeps its own cancellation.
 * A call is forgotten once it settles, so a retry calls again.
 */
export class SharedCalls<T> {
  private readonly calls = new Map<string, Promise<T>>();

  run(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.calls.get(key);
    if (existing) return existing;
    const call = Promise.resolve().then(start);
    this.calls.set(key, call);
    const forget = () => {
      this.calls.delete(key);
    };
    call.then(forget, forget);
    return call;
  }
}
