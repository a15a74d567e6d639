// firebase.json's Content-Security-Policy and the check that it names nothing local (issue #41):
// shared by the unit test of the emulators' configuration and the browser tier, which is served it.
import { readFileSync } from 'node:fs';
import { emulatorConfig, type FirebaseConfig } from '../../scripts/lib/emulatorConfig.mjs';

/** A loopback or any-address host, or any explicit port. */
export const LOCAL_ADDRESS = /127\.\d+\.\d+\.\d+|localhost|\[::1?\]|0\.0\.0\.0|:\d+(?![\w.-])/i;

export const firebaseJson = (): FirebaseConfig => JSON.parse(readFileSync('firebase.json', 'utf8')) as FirebaseConfig;

export const cspOf = (config: FirebaseConfig): string =>
  config.hosting?.headers?.flatMap((block) => block.headers).find((header) => header.key.toLowerCase() === 'content-security-policy')
    ?.value ?? '';

/** What production serves. */
export const productionCsp = (): string => cspOf(firebaseJson());

/** What the Hosting emulator serves (scripts/lib/emulatorConfig.mjs). */
export const emulatorCsp = (): string => cspOf(emulatorConfig(firebaseJson()));
