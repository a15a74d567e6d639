import { isUnreachable } from './liveServer';
import { withServerRetry } from './serverReads';

/**
 * `server()`, or with the device copy on and the server out of reach, what `device()` finds in the
 * copy (docs/vault.md, "The device copy"). `device()` answers null when the copy cannot stand in
 * for the server's answer (never read whole on this device): then the server's error stands.
 * `server()` makes one try (serverReads.ts, the *Once reads): with the copy, an unreachable server
 * is answered from it at once; without it, the read is tried again as any server read is.
 */
export async function serverOrDevice<T>(deviceCopy: boolean, server: () => Promise<T>, device: () => Promise<T | null>): Promise<T> {
  try {
    return await (deviceCopy ? server() : withServerRetry(server));
  } catch (error) {
    if (!deviceCopy || !isUnreachable(error)) throw error;
    const copy = await device().catch(() => null);
    if (copy === null) throw error;
    return copy;
  }
}
