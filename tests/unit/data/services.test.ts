import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';

const emulatorPorts = { auth: 9099, firestore: 8080, functions: 5001 };

// Creating the SDK objects makes no network request, so these run without any emulator.
describe('createFirebaseServices', () => {
  it('points Auth at the emulator from firebase.json and shares one app', async () => {
    const services = createFirebaseServices(readConfig({}, { emulatorPorts }), 'auth-test');
    const auth = await services.auth();
    expect(auth.emulatorConfig).toMatchObject({ host: '127.0.0.1', port: 9099, protocol: 'http' });
    expect(auth.app).toBe(await services.app());
    expect(await services.auth()).toBe(auth);
  });

  it('uses the us-central1 region for callable functions', async () => {
    const services = createFirebaseServices(readConfig({}, { emulatorPorts }), 'functions-test');
    const functions = await services.functions();
    expect(functions.region).toBe('us-central1');
  });

  it('gives a Firestore instance of the configured project', async () => {
    const services = createFirebaseServices(readConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-other' }, { emulatorPorts }), 'firestore-test');
    const db = await services.firestore();
    expect(db.app.options.projectId).toBe('demo-other');
  });
});
