// Start-up configuration, read once from the build's VITE_* variables and validated here so a
// misconfigured deployment fails with a message naming the variable, not deep inside the SDK.

export const DEMO_PROJECT_ID = 'demo-keyloft';
export const FUNCTIONS_REGION = 'us-central1';

export interface EmulatorHosts {
  readonly host: string;
  readonly authPort: number;
  readonly firestorePort: number;
  readonly functionsPort: number;
}

export interface FirebaseOptions {
  readonly apiKey: string;
  readonly authDomain: string;
  readonly projectId: string;
  readonly appId: string;
  readonly messagingSenderId?: string;
  readonly storageBucket?: string;
}

export interface AppConfig {
  readonly firebase: FirebaseOptions;
  /** Set when the app talks to the local Emulator Suite instead of a real project. */
  readonly emulators: EmulatorHosts | null;
  readonly hcaptchaSiteKey: string | null;
  readonly stripePublishableKey: string | null;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export type RawEnv = Readonly<Record<string, string | boolean | undefined>>;

export interface BuildFacts {
  readonly emulatorPorts: { auth: number; firestore: number; functions: number };
}

function text(env: RawEnv, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function flag(env: RawEnv, name: string): boolean | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, `expected "true" or "false", got "${value}"`);
}

function required(env: RawEnv, name: string): string {
  const value = text(env, name);
  if (value === undefined) {
    throw new ConfigError(name, 'is required when VITE_USE_EMULATORS is false (see .env.example)');
  }
  return value;
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/;

export function readConfig(env: RawEnv, build: BuildFacts): AppConfig {
  const projectIdSetting = text(env, 'VITE_FIREBASE_PROJECT_ID');
  // With no project configured (or a demo- one), the app runs against the emulators under a demo-
  // project, which the Emulator Suite treats as offline-only: nothing reaches a real project by accident.
  const useEmulators =
    flag(env, 'VITE_USE_EMULATORS') ?? (projectIdSetting === undefined || projectIdSetting.startsWith('demo-'));

  const hcaptchaSiteKey = text(env, 'VITE_HCAPTCHA_SITE_KEY') ?? null;
  const stripeKey = text(env, 'VITE_STRIPE_PUBLISHABLE_KEY') ?? null;
  if (stripeKey !== null && !/^pk_(test|live)_[A-Za-z0-9]+$/.test(stripeKey)) {
    throw new ConfigError('VITE_STRIPE_PUBLISHABLE_KEY', 'must be a publishable key (pk_test_… or pk_live_…), never a secret key');
  }

  if (useEmulators) {
    const projectId = projectIdSetting ?? DEMO_PROJECT_ID;
    if (!projectId.startsWith('demo-')) {
      throw new ConfigError('VITE_FIREBASE_PROJECT_ID', 'must start with "demo-" when VITE_USE_EMULATORS is true');
    }
    const host = text(env, 'VITE_EMULATOR_HOST') ?? '127.0.0.1';
    if (!HOST_PATTERN.test(host)) {
      throw new ConfigError('VITE_EMULATOR_HOST', `"${host}" is not a host name or address`);
    }
    return {
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: `${projectId}.firebaseapp.com`,
        projectId,
        appId: 'demo-app-id',
      },
      emulators: {
        host,
        authPort: build.emulatorPorts.auth,
        firestorePort: build.emulatorPorts.firestore,
        functionsPort: build.emulatorPorts.functions,
      },
      hcaptchaSiteKey,
      stripePublishableKey: stripeKey,
    };
  }

  const projectId = required(env, 'VITE_FIREBASE_PROJECT_ID');
  if (projectId.startsWith('demo-')) {
    throw new ConfigError('VITE_FIREBASE_PROJECT_ID', 'a demo- project only exists on the emulators; set VITE_USE_EMULATORS=true or use a real project id');
  }
  const messagingSenderId = text(env, 'VITE_FIREBASE_MESSAGING_SENDER_ID');
  const storageBucket = text(env, 'VITE_FIREBASE_STORAGE_BUCKET');
  return {
    firebase: {
      apiKey: required(env, 'VITE_FIREBASE_API_KEY'),
      authDomain: required(env, 'VITE_FIREBASE_AUTH_DOMAIN'),
      projectId,
      appId: required(env, 'VITE_FIREBASE_APP_ID'),
      ...(messagingSenderId === undefined ? {} : { messagingSenderId }),
      ...(storageBucket === undefined ? {} : { storageBucket }),
    },
    emulators: null,
    hcaptchaSiteKey,
    stripePublishableKey: stripeKey,
  };
}
