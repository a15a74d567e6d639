// A KeePass entry's earlier passwords (issue #44): its <History> holds whole earlier versions of
// the entry, oldest first, each with the time it was last modified. A version's password was
// replaced when the next version (or the entry as it is now) was saved with another one; versions
// that changed something else (a title, a note) replaced no password.
import type { ReplacedPassword } from '../../../crypto';
import { asArray, epochMillis, isRecord, text, type Json } from './values';

// KDBX 4 writes times as base64 of a little-endian 64-bit count of seconds since 0001-01-01 UTC
// (some XML exports keep that form); KDBX 3 and KeePass's XML export write ISO 8601.
const SECONDS_FROM_YEAR_1_TO_1970 = 62_135_596_800;
const BASE64_TIME = /^[A-Za-z0-9+/]{11}=$/;

/** A KeePass time as epoch milliseconds, or null when there is none or it cannot be read. */
export function keepassTime(value: unknown): number | null {
  const written = text(value).trim();
  if (written === '') return null;
  if (BASE64_TIME.test(written)) {
    const bytes = Uint8Array.from(atob(written), (character) => character.charCodeAt(0));
    const seconds = new DataView(bytes.buffer).getBigInt64(0, true);
    return epochMillis(Number(seconds - BigInt(SECONDS_FROM_YEAR_1_TO_1970)) * 1000);
  }
  return epochMillis(Date.parse(written));
}

/** When a version was saved: its Times/LastModificationTime. */
export function modifiedAt(entry: Json): number | null {
  return isRecord(entry.Times) ? keepassTime(entry.Times.LastModificationTime) : null;
}

interface Version {
  readonly password: string;
  readonly savedAt: number | null;
}

export interface KeepassHistory {
  readonly history: ReplacedPassword[];
  /** Earlier passwords whose replacement time the file does not give: they cannot be kept. */
  readonly undated: number;
}

/**
 * The passwords the entry's history replaced, each with the time the next version was saved.
 * `passwordOf` reads a version's Password string (it refuses a database dump's protected values).
 */
export function readKeepassHistory(entry: Json, passwordOf: (version: Json) => string): KeepassHistory {
  const history = isRecord(entry.History) ? asArray(entry.History.Entry).filter(isRecord) : [];
  const versions: Version[] = history.map((version) => ({ password: passwordOf(version), savedAt: modifiedAt(version) }));
  versions.push({ password: passwordOf(entry), savedAt: modifiedAt(entry) });
  const replaced: ReplacedPassword[] = [];
  let undated = 0;
  versions.slice(0, -1).forEach((version, index) => {
    const next = versions[index + 1];
    if (next === undefined || version.password === '' || version.password === next.password) return;
    if (next.savedAt === null) undated += 1;
    else replaced.push({ password: version.password, replacedAt: next.savedAt });
  });
  return { history: replaced, undated };
}
