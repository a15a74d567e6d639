// `npm start`: the app on the local Firebase Emulator Suite.
// With a Firestore emulator (Java 21+ and its JAR): Auth, Functions and Firestore emulators plus
// the Vite dev server. Without one: Auth and Functions emulators and a local-mode app whose data
// lives in the browser tab (ENGINEERING.md §4), after saying exactly why.
import { spawn, spawnSync } from 'node:child_process';
import { firestoreEmulatorUnavailable } from './lib/firestoreEmulator.mjs';

const PROJECT = 'demo-keyloft';

const build = spawnSync('npm', ['run', '--silent', '-w', 'functions', 'build'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('start: the functions/ package did not compile; fix the errors above first.');
  process.exit(build.status ?? 1);
}

const reason = firestoreEmulatorUnavailable();
const emulators = reason === null ? 'auth,functions,firestore' : 'auth,functions';
const viteCommand = reason === null ? 'npx vite' : 'npx vite --mode local-only';
if (reason !== null) {
  console.log(`\nThe Firestore emulator cannot start here: ${reason}.`);
  console.log('Starting the Auth and Functions emulators with the in-memory data layer instead (local mode):');
  console.log('the app works, but everything you store lives only in the browser tab.\n');
}
console.log(`Emulators: ${emulators}. App: http://127.0.0.1:5173/  (Ctrl-C stops everything)\n`);

const child = spawn('npx', ['firebase', 'emulators:exec', '--only', emulators, '--project', PROJECT, viteCommand], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
