import { openEntryOverviewsHere, type AnyOverview, type SealedOverview } from './entryParts';
import { CryptoError, DecryptionError, InvalidCiphertextError, type CryptoErrorCode } from './errors';
import { tagKey } from './keys';

// What the main thread and a decryption worker say to each other (decryptPool.ts). The worker
// side is `answerOverviewRequest`, the same code whether the worker is a browser Worker
// (overviewWorker.ts) or, in the Node bench and tests, a worker_threads one: both open the batch
// with openEntryOverviewsHere, as the main thread does for its own share.

/** A batch for the worker. The key travels with every request and is dropped once it is answered. */
export interface OverviewRequest {
  readonly id: number;
  readonly kind: 'vault' | 'team';
  readonly key: CryptoKey;
  readonly items: readonly SealedOverview[];
}

/** A per-item error as it crosses the boundary: class instances do not survive a structured clone. */
export interface ErrorRecord {
  readonly error: string;
  readonly code: string | null;
  readonly message: string;
}

export type OverviewReply =
  /** The worker's script has loaded; until then the pool gives it nothing (its share opens on the main thread). */
  | { readonly type: 'ready' }
  | { readonly type: 'opened'; readonly id: number; readonly results: ReadonlyArray<AnyOverview | ErrorRecord> }
  /** The request as a whole could not be answered: the pool opens it on the main thread. */
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

export const READY: OverviewReply = { type: 'ready' };

export async function answerOverviewRequest(request: OverviewRequest): Promise<OverviewReply> {
  try {
    const opened = await openEntryOverviewsHere(tagKey(request.kind, request.key), request.items);
    return { type: 'opened', id: request.id, results: opened.map((result) => (result instanceof Error ? errorRecord(result) : result)) };
  } catch (error) {
    return { type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) };
  }
}

function errorRecord(error: Error): ErrorRecord {
  return { error: error.name, code: error instanceof CryptoError ? error.code : null, message: error.message };
}

export function isErrorRecord(result: AnyOverview | ErrorRecord): result is ErrorRecord {
  return 'error' in result;
}

/** The error a worker reported, as the class openEntryOverview would have thrown on the main thread. */
export function reviveError({ error, code, message }: ErrorRecord): Error {
  switch (error) {
    case 'DecryptionError':
      return new DecryptionError();
    case 'InvalidCiphertextError':
      return new InvalidCiphertextError(message);
    case 'CryptoError':
      return new CryptoError(message, (code ?? 'crypto-error') as CryptoErrorCode);
    default: {
      const revived = new Error(message);
      revived.name = error;
      return revived;
    }
  }
}
