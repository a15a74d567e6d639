// Test doubles only (ENGINEERING.md §4): one collection of documents in memory. The backend name is
// also the marker scripts/check-bundle.mjs looks for to prove a production build has none of this.
export const IN_MEMORY_BACKEND = 'keyloft:in-memory-repositories';

/** Documents by id, handed out as copies, as Firestore hands out snapshots. */
export class MemoryCollection<T> {
  readonly backend = IN_MEMORY_BACKEND;
  private readonly documents = new Map<string, T>();

  newId(): string {
    return globalThis.crypto.randomUUID().replaceAll('-', '');
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

  set(id: string, document: T): void {
    this.documents.set(id, structuredClone(document));
  }

  delete(id: string): void {
    this.documents.delete(id);
  }
}
