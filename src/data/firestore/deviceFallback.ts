import type { Documents } from './cursorPages';
import type { DeviceCopyStore } from '../deviceCopy/store';
import { isUnreachable } from './liveServer';
import { withServerRetry } from './serverReads';

/**
 * The documents `server()` answers for vault `key` of the device copy (a record, a team, the team
 * list), kept there as the copy of that vault; or, with the server out of reach, the copy's
 * documents of it (docs/vault.md, "The device copy"). When the copy does not hold the vault whole
 * (never read here), the server's error stands. `server()` makes one try (serverReads.ts, the
 * *Once reads): with the copy, an unreachable server is answered from it at once; without it, the
 * read is tried again as any server read is.
 */
export async function serverOrDevice(copy: DeviceCopyStore | undefined, key: string, server: () => Promise<Documents>): Promise<Documents> {
  return (await serverOrDeviceMarked(copy, key, server)).documents;
}

/** An answer of serverOrDeviceMarked: `fromDevice` when the copy answered for an unreachable server. */
export interface MarkedDocuments {
  readonly documents: Documents;
  readonly fromDevice: boolean;
}

/**
 * serverOrDevice, saying where the answer came from: a read whose answer is shown as current (the
 * team list) must not present the copy's as the server's (issue #42).
 */
export async function serverOrDeviceMarked(copy: DeviceCopyStore | undefined, key: string, server: () => Promise<Documents>): Promise<MarkedDocuments> {
  let answer: Documents;
  try {
    answer = await (copy === undefined ? withServerRetry(server) : server());
  } catch (error) {
    if (copy === undefined || !isUnreachable(error)) throw error;
    const held = await copy.read(key).catch(() => null);
    if (held === null) throw error;
    return { documents: held, fromDevice: true };
  }
  copy?.keep(key, answer).catch((error: unknown) => {
    console.warn('Could not keep a record in the device copy', error);
  });
  return { documents: answer, fromDevice: false };
}
