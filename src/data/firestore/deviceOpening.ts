import type { DeviceCopyStore } from '../deviceCopy/store';
import type { Listing, ListingWatcher } from '../vault/storedEntries';
import type { Documents } from './cursorPages';
import { idRanges, rangeCountFor, type IdRange } from './idRanges';

// Opening a sliced live read from the device copy (docs/vault.md, "The device copy"): a vault the
// copy holds whole, or the slices a fill left kept when the page went away (issue #42), handed over
// slice by slice before the server answers; the server's answers then follow as changes.

/** The device copy of the vault a read is for. */
export interface DeviceRead {
  /** The vault's key in the copy: 'entries:personal:<uid>', 'entries:team:<teamId>', 'groups:…'. */
  readonly key: string;
  readonly copy: DeviceCopyStore;
}

/** What opening from the device needs of the read (liveServer.ts's Guard). */
export interface DeviceGuard<T> {
  readonly sliceWatcher: ListingWatcher<T>;
  /** The read shows the whole vault from the device: the server's silence no longer fails it. */
  readonly shownFromDevice: () => void;
  readonly isOver: () => boolean;
}

/** A document's version, for telling the server's answer from the device copy it replaces. */
export function versionOf(data: unknown): string | null {
  const { revision, updatedAt } = (data ?? {}) as { revision?: unknown; updatedAt?: unknown };
  return typeof revision === 'number' && typeof updatedAt === 'number' ? `${String(revision)}:${String(updatedAt)}` : null;
}

/** The documents of one slice with their versions, for the server's answer to be told from. */
export function versionsOf(documents: Documents): Map<string, string | null> {
  return new Map(documents.map(([id, data]) => [id, versionOf(data)] as const));
}

/** What a read opened from the device copy: the slices to listen to, and what each showed (undefined: nothing). */
export interface OpenedFromDevice {
  readonly ranges: readonly IdRange[];
  readonly shown: readonly (Map<string, string | null> | undefined)[];
  /** True when the copy held the vault whole; false when it held only the slices a fill kept. */
  readonly whole: boolean;
}

/**
 * Hands the device copy over as the first call of each slice, slice by slice as each is read, so
 * the first rows show after one slice's read. A vault held whole is sliced as its size asks, as a
 * count from the server would, and shown as the whole vault (shownFromDevice). A vault whose fill
 * was cut short keeps the slicing it was filled in: the slices it kept are handed over, the others
 * are left to the server, and the read is not shown from the device: until every slice has
 * answered it is incomplete, and a silent server fails it rather than leaving part of a vault on
 * screen as if it were all of it. Null when the copy holds nothing of the vault.
 */
export async function openFromDevice<T>(
  device: DeviceRead,
  perRange: number,
  read: (documents: Documents) => Listing<T>,
  guard: DeviceGuard<T>,
): Promise<OpenedFromDevice | null> {
  const held = await device.copy.count(device.key).catch(() => null);
  if (guard.isOver()) return null;
  if (held === null) return openFilled(device, read, guard);
  const ranges = idRanges(rangeCountFor(held, perRange));
  const slices = ranges.length;
  const shown: (Map<string, string | null> | undefined)[] = [];
  for (const [slice, range] of ranges.entries()) {
    const documents = await device.copy.read(device.key, range).catch(() => null);
    if (guard.isOver()) return null;
    // A slice the copy cannot give (deleted meanwhile) is left to its server answer; none at all, to the server.
    if (documents === null && slice === 0) return null;
    if (slice === 0) guard.shownFromDevice();
    if (documents !== null) guard.sliceWatcher.onChanges({ slice, slices, first: true, changed: read(documents), removed: [] });
    shown.push(documents === null ? undefined : versionsOf(documents));
  }
  return { ranges, shown, whole: true };
}

/** The slices a cut-short fill kept, handed over; null when it kept none. */
async function openFilled<T>(device: DeviceRead, read: (documents: Documents) => Listing<T>, guard: DeviceGuard<T>): Promise<OpenedFromDevice | null> {
  const filling = await device.copy.filling(device.key).catch(() => null);
  if (guard.isOver() || filling === null || filling.kept.length === 0) return null;
  const ranges = idRanges(filling.slices);
  const slices = ranges.length;
  const shown: (Map<string, string | null> | undefined)[] = ranges.map(() => undefined);
  for (const slice of filling.kept) {
    const range = ranges[slice];
    const documents = range === undefined ? null : await device.copy.read(device.key, range).catch(() => null);
    if (guard.isOver()) return null;
    if (documents === null) continue;
    guard.sliceWatcher.onChanges({ slice, slices, first: true, changed: read(documents), removed: [] });
    shown[slice] = versionsOf(documents);
  }
  return { ranges, shown, whole: false };
}
