import type { KeyValueStorage } from '../../src/session/sessionStore';

/** sessionStorage for Node: what the session keeps there, inspectable by tests. */
export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
