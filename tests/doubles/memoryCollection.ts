// Test doubles only (ENGINEERING.md §4): one collection of documents in memory. The backend name is
// also the marker scripts/check-bundle.mjs looks for to prove a production build has none of this.
export const IN_MEMORY_BACKEND = 'keyloft:in-memory-repositories';

/** Documents by id, handed out as copies, as Firestore hands out snapshots. */
export class MemoryCollection<T> {
  readonly backend = IN_MEMORY_BACKEND;
  private readonly documents = new Map<string, T>();
  private readonly observers = new Set<(id: string) => void>();

  newId(): string {
    return globalThis.crypto.randomUUID().replaceAll('-', '');
  }

  /** Calls `changed` with the id of every document set or deleted (the live reads, issue #22); returns the unsubscription. */
  observe(changed: (id: string) => void): () => void {
    this.observers.add(changed);
    return () => {
      this.observers.delete(changed);
    };
  }

  /** The document as stored (frozen, not a copy): the same object until it is set again. */
  peek(id: string): T | undefined {
    return this.documents.get(id);
  }

  get(id: string): T | null {
    const document = this.documents.get(id);
    return document === undefined ? null : structuredClone(document);
  }

  has(id: string): boolean {
    return this.documents.has(id);
  }

  /** Every document matching the predicate, as [id, copy] pairs. */
  where(predicate: (document: T) => boolean): [string, T][] {
    return [...this.documents].filter(([, document]) => predicate(document)).map(([id, document]) => [id, structuredClone(document)]);
  }

  /**
   * Every document matching the predicate as stored, [id, document] pairs without a copy: frozen,
   * so a reader cannot change the store through them. For reads of thousands of documents (a
   * vault's pages), where a copy each cost as much as the work measured (issue #18's bench).
   */
  view(predicate: (document: T) => boolean): [string, T][] {
    const found: [string, T][] = [];
    for (const [id, document] of this.documents) if (predicate(document)) found.push([id, document]);
    return found;
  }

  set(id: string, document: T): void {
    this.documents.set(id, deepFreeze(structuredClone(document)));
    this.notify(id);
  }

  delete(id: string): void {
    if (this.documents.delete(id)) this.notify(id);
  }

  private notify(id: string): void {
    for (const observer of this.observers) observer(id);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
