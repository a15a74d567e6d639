/** The part of the Web Storage API the app uses; sessionStorage in the browser, a Map in Node tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
