import type { KeyValueStorage } from '../keyValueStorage';

// Local mode only (ENGINEERING.md §4): one collection of documents in this tab. The backend name is
// also the marker scripts/check-bundle.mjs looks for to prove a production build has none of this.
export const IN_MEMORY_BACKEND = 'keyloft:in-memory-repositories';

/**
 * Documents by id, handed out as copies. With a storage (the tab's sessionStorage in local mode)
 * they survive a reload of the tab, as Firestore data would, and still vanish with the tab.
 */
export class MemoryCollection<T> {
  readonly backend = IN_MEMORY_BACKEND;
  private readonly documents: Map<string, T>;

  constructor(
    private readonly name: string,
    private readonly storage?: KeyValueStorage,
  ) {
    const saved = storage?.getItem(this.storageKey());
    this.documents = new Map(saved ? (JSON.parse(saved) as [string, T][]) : []);
  }

  private storageKey(): string {
    return `keyloft.local.${this.name}`;
  }

  private save(): void {
    this.storage?.setItem(this.storageKey(), JSON.stringify([...this.documents]));
  }

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
    this.save();
  }

  delete(id: string): void {
    this.documents.delete(id);
    this.save();
  }
}
