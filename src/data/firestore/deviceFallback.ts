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
  let answer: Documents;
  try {
    answer = await (copy === undefined ? withServerRetry(server) : server());
  } catch (error) {
    if (copy === undefined || !isUnreachable(error)) throw error;
    const held = await copy.read(key).catch(() => null);
    if (held === null) throw error;
    return held;
  }
  copy?.keep(key, answer).catch((error: unknown) => {
    console.warn('Could not keep a record in the device copy', error);
  });
  return answer;
}
