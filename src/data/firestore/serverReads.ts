/* eslint-disable no-restricted-imports -- the one place the SDK's server reads are wrapped */
import {
  getDocFromServer as sdkGetDocFromServer,
  getDocsFromServer as sdkGetDocsFromServer,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
/* eslint-enable no-restricted-imports */
import { connectionOf } from './liveServer';

// The repositories' one-shot server reads, given a second chance when the SDK calls itself offline.
// The SDK fails a server read at once ('unavailable') while it holds itself offline: after its
// listen stream failed once, or after 10 s without a first answer from the backend. On a busy or
// slow connection that is a moment, not an outage: the stream reconnects about a second later
// (the SDK's backoff), and a read then answers. A CI machine running two tiers on two cores saw
// the sealing migration fail on exactly that ('Failed to get documents from server').

/** Waits before each further attempt: about as long as the SDK's own reconnection backoff. */
export const SERVER_READ_RETRY_MS: readonly number[] = [1_000, 2_000, 4_000];

type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The browser knows it has no network: no retry would answer, so the error stands at once. */
function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * `read()`, tried again after each of SERVER_READ_RETRY_MS while it fails with 'unavailable' (the
 * server out of reach) and `reachable()` still holds (the live reads have not found the server
 * silent: liveServer.ts). Any other error (a refusal, a missing index, a terminated client) stands
 * at once, as does the last 'unavailable'.
 */
export async function withServerRetry<T>(read: () => Promise<T>, wait: Sleep = sleep, reachable: () => boolean = () => true): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const delay = SERVER_READ_RETRY_MS[attempt];
      if ((error as { code?: unknown } | null)?.code !== 'unavailable' || delay === undefined || knownOffline() || !reachable()) throw error;
      await wait(delay);
    }
  }
}

export function getDocFromServer<A, D extends DocumentData>(reference: DocumentReference<A, D>): Promise<DocumentSnapshot<A, D>> {
  const connection = connectionOf(reference.firestore);
  return withServerRetry(() => sdkGetDocFromServer(reference), sleep, () => connection.reachable());
}

export function getDocsFromServer<A, D extends DocumentData>(found: Query<A, D>): Promise<QuerySnapshot<A, D>> {
  const connection = connectionOf(found.firestore);
  return withServerRetry(() => sdkGetDocsFromServer(found), sleep, () => connection.reachable());
}

/**
 * One try, for a read that has somewhere else to turn (serverOrDevice: the device copy answers
 * for an unreachable server at once, where waiting out the retries held an offline unlock for
 * seconds per read); serverOrDevice retries it itself when there is no copy.
 */
export const getDocFromServerOnce = sdkGetDocFromServer;
export const getDocsFromServerOnce = sdkGetDocsFromServer;
