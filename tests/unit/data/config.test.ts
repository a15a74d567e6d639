import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PROJECT_ID, readConfig, type BuildFacts, type RawEnv } from '../../../src/data/config';

const ports = { auth: 9099, firestore: 8080, functions: 5001 };
const normalBuild: BuildFacts = { emulatorPorts: ports };

const production: RawEnv = {
  VITE_FIREBASE_API_KEY: 'AIzaKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'keyloft.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'keyloft-prod',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
};

function variableOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.variable;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('readConfig', () => {
  it('with nothing configured, runs on the emulators under a demo- project', () => {
    const config = readConfig({}, normalBuild);
    expect(config.firebase.projectId).toBe(DEMO_PROJECT_ID);
    expect(config.emulators).toEqual({ host: '127.0.0.1', authPort: 9099, firestorePort: 8080, functionsPort: 5001 });
    expect(config.hcaptchaSiteKey).toBeNull();
    expect(config.stripePublishableKey).toBeNull();
  });

  it('treats a demo- project id as an emulator project', () => {
    const config = readConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-other' }, normalBuild);
    expect(config.emulators).not.toBeNull();
    expect(config.firebase.projectId).toBe('demo-other');
  });

  it('reads a complete production configuration', () => {
    const config = readConfig({ ...production, VITE_FIREBASE_STORAGE_BUCKET: 'b' }, normalBuild);
    expect(config.emulators).toBeNull();
    expect(config.firebase).toEqual({
      apiKey: 'AIzaKey',
      authDomain: 'keyloft.firebaseapp.com',
      projectId: 'keyloft-prod',
      appId: '1:123:web:abc',
      storageBucket: 'b',
    });
  });

  it.each(['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_APP_ID'])(
    'names %s when a production build lacks it',
    (name) => {
      expect(variableOf(() => readConfig({ ...production, [name]: '  ' }, normalBuild))).toBe(name);
    },
  );

  it('refuses a real project id on the emulators and a demo id without them', () => {
    expect(variableOf(() => readConfig({ VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'prod' }, normalBuild))).toBe(
      'VITE_FIREBASE_PROJECT_ID',
    );
    expect(variableOf(() => readConfig({ ...production, VITE_USE_EMULATORS: 'false', VITE_FIREBASE_PROJECT_ID: 'demo-x' }, normalBuild))).toBe(
      'VITE_FIREBASE_PROJECT_ID',
    );
  });

  it('rejects a flag that is neither true nor false', () => {
    expect(variableOf(() => readConfig({ VITE_USE_EMULATORS: 'yes' }, normalBuild))).toBe('VITE_USE_EMULATORS');
  });

  it('rejects an emulator host that is not a host', () => {
    expect(variableOf(() => readConfig({ VITE_EMULATOR_HOST: 'http://x/' }, normalBuild))).toBe('VITE_EMULATOR_HOST');
    expect(readConfig({ VITE_EMULATOR_HOST: 'localhost' }, normalBuild).emulators?.host).toBe('localhost');
  });

  it('accepts only a publishable Stripe key, never a secret one', () => {
    expect(readConfig({ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }, normalBuild).stripePublishableKey).toBe(
      'pk_test_abc123',
    );
    expect(variableOf(() => readConfig({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_abc' }, normalBuild))).toBe(
      'VITE_STRIPE_PUBLISHABLE_KEY',
    );
  });
});
