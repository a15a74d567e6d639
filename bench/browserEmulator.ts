// The emulators under the browser bench (`npm run bench:browser`): firebase-admin on the Firestore
// emulator, emptying it between vaults, keeping it off the browser's cores, and what it needs
// alone to serve a vault (context for the page's figures: it stands in for Google's servers).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { ENTRY_PAGE_SIZE } from '../src/data/firestore/firestoreVaultRepositories';

export const PROJECT_ID = 'demo-keyloft';

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';

export function admin(): Firestore {
  const app = getApps().find((candidate) => candidate.name === 'bench-browser') ?? initializeApp({ projectId: PROJECT_ID }, 'bench-browser');
  return getFirestore(app);
}

/**
 * Empties the Firestore emulator. The emulator scans a whole collection for every query, so a
 * vault measured beside the earlier ones would pay for theirs too (production indexes each query;
 * other users' entries cost it nothing): each vault is measured with only its own entries stored.
 */
/** The app's query for a personal vault (firestoreVaultRepositories): the owner's entries in no team. */
function personalEntries(db: Firestore, uid: string) {
  return db.collection('passwords').where('userId', '==', uid).where('teamId', '==', null);
}

export async function clearFirestore(): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing the Firestore emulator answered ${response.status}`);
}

/** What the emulator itself needs to serve the vault: one admin query for all of it (no rules, no paging), best of three. */
export async function emulatorReadMs(db: Firestore, uid: string, size: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const read = await personalEntries(db, uid).get();
    if (read.size !== size) throw new Error(`the emulator read ${read.size} of ${size} entries`);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * What the emulator itself needs to serve the vault's first page: the app's first-page query (one
 * owner, no team, ordered by document id, ENTRY_PAGE_SIZE documents) as an admin query (no rules), best of
 * three. The client asks for the same page whatever the vault's size, so any growth of this time
 * with the vault is the emulator's scan, not the app.
 */
export async function emulatorFirstPageMs(db: Firestore, uid: string): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const read = await personalEntries(db, uid).orderBy(FieldPath.documentId()).limit(ENTRY_PAGE_SIZE).get();
    if (read.size !== ENTRY_PAGE_SIZE) throw new Error(`the emulator's first page held ${read.size} of ${ENTRY_PAGE_SIZE} entries`);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * What the emulator itself needs to hand over the personal vault the way the app reads it: every
 * page of the app's query (one owner, no team, ordered by document id, ENTRY_PAGE_SIZE at a time
 * after the last id) as admin queries one after the other (no rules, nothing decrypted). The
 * emulator scans the collection for every page, so this grows with the square of the vault;
 * Firestore serves a page from an index, in time that grows with the page.
 */
export async function emulatorPagedMs(db: Firestore, uid: string, size: number): Promise<number> {
  const started = performance.now();
  let read = 0;
  let after: string | null = null;
  for (;;) {
    const ordered = personalEntries(db, uid).orderBy(FieldPath.documentId());
    const page = await (after === null ? ordered : ordered.startAfter(after)).limit(ENTRY_PAGE_SIZE).get();
    read += page.size;
    if (page.size < ENTRY_PAGE_SIZE) break;
    after = page.docs[page.size - 1]?.id ?? null;
  }
  if (read !== size) throw new Error(`the emulator paged ${read} of ${size} entries`);
  return performance.now() - started;
}

/**
 * Puts every thread of the Firestore emulator at the lowest CPU priority (nice 19); the count of
 * threads, or null where there is no /proc to find them. The emulator stands in for Google's
 * servers, yet here it runs on the same cores as the browser, and while it scans for a page its
 * threads took the CPU from the page's main thread: a trace of a 20,000-entry load showed tasks of
 * 50 to 130 ms wall time that had run for 5 to 30 ms of CPU. At the lowest priority it runs when
 * the browser has nothing to do, as a remote server would not compete at all. Threads it starts
 * later inherit the priority of the thread that starts them.
 */
export function emulatorAtLowestPriority(): number | null {
  return emulatorAtPriority(19);
}

/**
 * Puts this bench's Firestore emulator back at the usual priority (nice 0) for seeding: at the
 * lowest, on a machine that busy (load average 13 to 25), a batch of 500 writes ran past its 60 s
 * deadline and ended the run. The seeding is not measured; the loads are, after it is lowered again.
 */
export function emulatorAtNormalPriority(): number | null {
  return emulatorAtPriority(0);
}

/**
 * Sets every thread of the Firestore emulators in this network namespace to `nice`: only this
 * bench's (`npm run bench:browser` runs in its own namespace, as the guide asks), never another
 * run's emulator sharing the machine.
 */
function emulatorAtPriority(nice: number): number | null {
  let threads = 0;
  let processes: string[];
  let namespace: string;
  try {
    processes = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    namespace = readlinkSync('/proc/self/ns/net');
  } catch {
    return null;
  }
  for (const pid of processes) {
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!commandLine.includes('cloud-firestore-emulator') || readlinkSync(`/proc/${pid}/ns/net`) !== namespace) continue;
    } catch {
      continue;
    }
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        setPriority(Number(tid), nice);
        threads += 1;
      } catch {
        // A thread that ended meanwhile.
      }
    }
  }
  return threads;
}
