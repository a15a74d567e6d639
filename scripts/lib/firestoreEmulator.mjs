// Can the Firestore emulator start on this machine? It needs Java 21 or newer and a JAR that
// firebase-tools downloads from Google storage on first use (ENGINEERING.md §5).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const MIN_JAVA = 21;

export function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  // Java 8 and older report "1.8.0".
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

function emulatorJarPresent() {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  return existsSync(dir) && readdirSync(dir).some((name) => /^cloud-firestore-emulator.*\.jar$/.test(name));
}

/** null when the Firestore emulator can start, otherwise the exact reason it cannot. */
export function firestoreEmulatorUnavailable({ tryDownload = true } = {}) {
  const java = javaMajorVersion();
  if (java === null) return `no Java runtime found (the Firestore emulator needs Java ${MIN_JAVA} or newer)`;
  if (java < MIN_JAVA) return `Java ${java} is installed; the Firestore emulator needs Java ${MIN_JAVA} or newer`;
  if (emulatorJarPresent()) return null;
  if (!tryDownload) return 'the Firestore emulator JAR is not in ~/.cache/firebase/emulators';
  const download = spawnSync('npx', ['firebase', 'setup:emulators:firestore'], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (download.status === 0 && emulatorJarPresent()) return null;
  return 'the Firestore emulator JAR is not cached and could not be downloaded (Google storage is unreachable from here)';
}
