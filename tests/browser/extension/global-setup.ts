// The extension's tests sign in on the Auth and Firestore emulators: `npm run test:extension` and
// `npm test` start them (scripts/with-emulators.mjs); run alone, this says so rather than timing out.
export default async function setup(): Promise<void> {
  const auth = await fetch('http://127.0.0.1:9099/').catch(() => null);
  if (auth === null) {
    throw new Error('the Auth emulator does not answer on 127.0.0.1:9099: run the extension tests with `npm run test:extension` or `npm test`, which start it');
  }
}
