import { openEntryOverviewsHere, type AnyOverview, type SealedOverview } from './entryParts';
import { CryptoError, DecryptionError, InvalidCiphertextError, type CryptoErrorCode } from './errors';
import { tagKey } from './keys';

// What the main thread and a decryption worker say to each other (decryptPool.ts). The worker
// side is `answerOverviewRequest`, the same code whether the worker is a browser Worker
// (overviewWorker.ts) or, in the Node bench and tests, a worker_threads one: both open the batch
// with openEntryOverviewsHere, as the main thread does for its own share.

/**
 * A batch for the worker. The key travels with every request and is dropped once it is answered.
 * The items travel as parallel lists (`batchWire`), not as a list of objects: a structured clone
 * writes and reads every object's property names, which on a 10,000-entry load was about a tenth
 * of the load's CPU time in the Node bench (issue #42).
 */
export interface OverviewRequest {
  readonly id: number;
  readonly kind: 'vault' | 'team';
  readonly key: CryptoKey;
  readonly items: OverviewBatchWire;
}

/** A batch of sealed overviews as parallel lists: item i is (entryIds[i], keyVersions[i], formats[i], sealed[i]). */
export interface OverviewBatchWire {
  readonly entryIds: readonly string[];
  readonly keyVersions: ReadonlyArray<number | null>;
  readonly formats: readonly number[];
  readonly sealed: readonly string[];
}

export function batchWire(items: readonly SealedOverview[]): OverviewBatchWire {
  const { length } = items;
  const entryIds = new Array<string>(length);
  const keyVersions = new Array<number | null>(length);
  const formats = new Array<number>(length);
  const sealed = new Array<string>(length);
  for (let index = 0; index < length; index += 1) {
    const { binding, sealed: part } = items[index] as SealedOverview;
    entryIds[index] = binding.entryId;
    keyVersions[index] = binding.keyVersion;
    formats[index] = binding.format;
    sealed[index] = part;
  }
  return { entryIds, keyVersions, formats, sealed };
}

/**
 * The batch back as items, on the worker's side. Lists of unequal length are no batch: the request
 * fails as a whole and the pool opens it on the main thread. Each item's values are checked where
 * they are used (entryPartContext, the open), as for the main thread's own share.
 */
export function batchItems({ entryIds, keyVersions, formats, sealed }: OverviewBatchWire): SealedOverview[] {
  const { length } = entryIds;
  if (keyVersions.length !== length || formats.length !== length || sealed.length !== length) {
    throw new Error('A decryption batch of lists of unequal length.');
  }
  const items = new Array<SealedOverview>(length);
  for (let index = 0; index < length; index += 1) {
    items[index] = {
      binding: { entryId: entryIds[index] as string, keyVersion: keyVersions[index] as number | null, format: formats[index] as number },
      sealed: sealed[index] as SealedOverview['sealed'],
    };
  }
  return items;
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
    const opened = await openEntryOverviewsHere(tagKey(request.kind, request.key), batchItems(request.items));
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
