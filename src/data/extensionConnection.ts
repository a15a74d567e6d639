import { ConfigError } from './config';

// The web vault's line to the Keyloft extension (docs/extension.md, "Locking with the web vault"):
// chrome.runtime.connect to the extension's fixed id. Chrome gives a page `chrome.runtime` only
// when an installed extension lists the page's origin in its externally_connectable; without the
// extension there is nothing to connect to, and nothing is logged. A port the extension's worker
// drops after it was open a while (Chrome stops an idle worker) is opened again, which wakes it.

/** An open line to the extension; `Message` is what the session sends (src/session/extensionLink.ts). */
export interface ExtensionConnection<Message extends object = object> {
  readonly post: (message: Message) => void;
  readonly close: () => void;
}

export interface ExtensionHandlers {
  /** Every message the extension sends (unchecked: the session checks it). */
  readonly onMessage: (raw: unknown) => void;
  /** A new connection is open after the last one dropped (the extension's worker was stopped). */
  readonly onReconnect: () => void;
}

/** Opens the connection to the extension, or null where there is none to make (no extension API). */
export type OpenExtension<Message extends object = object> = (handlers: ExtensionHandlers) => ExtensionConnection<Message> | null;

/** The id the committed manifest key gives the extension (extension/public/manifest.json). */
export const DEV_EXTENSION_ID = 'edkhcfmiiblicneoapgchidjdnnhanaj';

export const PORT_NAME = 'keyloft/web-vault';
/** A port that lived at least this long was a real connection: it is opened again when dropped. */
export const RECONNECT_AFTER_MS = 1_000;

/** `VITE_EXTENSION_ID`, else the development id; an id is 32 letters a to p. */
export function extensionId(env: Readonly<Record<string, string | undefined>>): string {
  const value = env.VITE_EXTENSION_ID?.trim();
  if (value === undefined || value === '') return DEV_EXTENSION_ID;
  if (!/^[a-p]{32}$/.test(value)) throw new ConfigError('VITE_EXTENSION_ID', `"${value}" is not an extension id (32 letters a to p)`);
  return value;
}

interface PageEvent<T extends unknown[]> {
  addListener(listener: (...args: T) => void): void;
}

/** The part of a page's chrome.runtime used here. */
export interface PageRuntime {
  connect(extensionId: string, info: { name: string }): {
    postMessage(message: unknown): void;
    disconnect(): void;
    readonly onMessage: PageEvent<[unknown]>;
    readonly onDisconnect: PageEvent<[]>;
  };
  readonly lastError?: unknown;
}

function readLastError(runtime: PageRuntime): unknown {
  return runtime.lastError;
}

function pageRuntime(): PageRuntime | undefined {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.connect === 'function' ? (runtime as PageRuntime) : undefined;
}

export function openExtensionConnection(
  id: string,
  handlers: ExtensionHandlers,
  runtime: PageRuntime | undefined = pageRuntime(),
  clock: () => number = Date.now,
): ExtensionConnection | null {
  if (runtime === undefined) return null;
  let port: ReturnType<PageRuntime['connect']> | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = (again: boolean) => {
    let opened: ReturnType<PageRuntime['connect']>;
    try {
      opened = runtime.connect(id, { name: PORT_NAME });
    } catch {
      return;
    }
    const since = clock();
    port = opened;
    opened.onMessage.addListener((message) => {
      handlers.onMessage(message);
    });
    opened.onDisconnect.addListener(() => {
      // Read, so Chrome does not log an unchecked error when no such extension is installed.
      readLastError(runtime);
      if (port === opened) port = null;
      if (!closed && clock() - since >= RECONNECT_AFTER_MS) retry = setTimeout(() => {
          connect(true);
        }, RECONNECT_AFTER_MS);
    });
    if (again) handlers.onReconnect();
  };

  connect(false);
  return {
    post: (message) => {
      try {
        port?.postMessage(message);
      } catch {
        // A port dropped meanwhile: the extension is gone or restarting.
      }
    },
    close: () => {
      closed = true;
      clearTimeout(retry);
      port?.disconnect();
      port = null;
    },
  };
}
