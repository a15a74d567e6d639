// `node scripts/with-emulators.mjs auth,functions,hosting -- <command…>`: runs one command under
// `firebase emulators:exec` with a Firestore emulator beside the named emulators, then stops it.
// The single-tier npm scripts use it (README, "Single tiers").
import { writeEmulatorConfig } from './lib/emulatorConfig.mjs';
import { PROJECT_ID, assertEmulatorPortsFree, provideFirestore } from './lib/firestoreEmulator.mjs';
import { startFakeStripe } from './lib/fakeStripe.mjs';
import { newEmulatorLogPath, runTeed } from './lib/teeOutput.mjs';

const [list, separator, ...command] = process.argv.slice(2);
if (!list || separator !== '--' || command.length === 0) {
  console.error('usage: node scripts/with-emulators.mjs auth,functions[,hosting] -- <command…>');
  process.exit(2);
}

let firestore;
// The billing functions call Stripe; under the emulator they call the local fake (docs/billing.md).
let stripe = null;
try {
  await assertEmulatorPortsFree([...list.split(','), 'firestore']);
  if (list.split(',').includes('functions')) stripe = await startFakeStripe();
  firestore = await provideFirestore();
} catch (error) {
  console.error(`with-emulators: ${error.message}`);
  await stripe?.stop();
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void Promise.all([firestore.stop(), stripe?.stop()]).then(() => process.exit(130)));
}
const only = [...list.split(','), ...firestore.only].join(',');
// firebase.json plus the emulators' local origins in the CSP (scripts/lib/emulatorConfig.mjs).
const config = writeEmulatorConfig();
const status = await runTeed('npx', ['firebase', 'emulators:exec', '--config', config, '--only', only, '--project', PROJECT_ID, command.join(' ')], {
  env: { ...process.env, ...firestore.env },
  logPath: newEmulatorLogPath(),
});
await Promise.all([firestore.stop(), stripe?.stop()]);
process.exit(status);
