import { describe, expect, it } from 'vitest';
import {
  appEmulatorOrigins,
  emulatorConfig,
  withConnectOrigins,
  type FirebaseConfig,
} from '../../../scripts/lib/emulatorConfig.mjs';
import { cspOf, firebaseJson, LOCAL_ADDRESS } from '../../support/hostingCsp';

const directive = (policy: string, name: string): string[] =>
  policy.split(';').map((part) => part.trim().split(/\s+/)).find(([first]) => first === name)?.slice(1) ?? [];

describe('firebase.json, what production serves (issue #41)', () => {
  it('has a Content-Security-Policy that names no local address or port', () => {
    const csp = cspOf(firebaseJson());
    expect(csp).toContain("connect-src 'self' https://identitytoolkit.googleapis.com");
    expect(csp).not.toMatch(LOCAL_ADDRESS);
  });

  it('the check above would see the emulator origins that used to be there', () => {
    for (const origin of ['http://127.0.0.1:9099', 'http://localhost:8080', 'http://[::1]:5001', 'https://example.com:8443']) {
      expect(`connect-src 'self' ${origin}`).toMatch(LOCAL_ADDRESS);
    }
  });
});

describe('emulatorConfig: firebase.json as the emulators run it', () => {
  it('adds the Auth, Firestore and Functions emulator origins from firebase.json to connect-src, and changes nothing else', () => {
    const production = firebaseJson();
    const emulated = emulatorConfig(production);
    const before = cspOf(production);
    const after = cspOf(emulated);
    expect(directive(after, 'connect-src')).toEqual([
      ...directive(before, 'connect-src'),
      'http://127.0.0.1:9099',
      'http://127.0.0.1:8080',
      'http://127.0.0.1:5001',
    ]);
    const others = (policy: string) => policy.split(';').map((part) => part.trim()).filter((part) => !part.startsWith('connect-src'));
    expect(others(after)).toEqual(others(before));
    const withoutCsp = (config: FirebaseConfig) => JSON.stringify(config).replace(JSON.stringify(cspOf(config)), '');
    expect(withoutCsp(emulated)).toBe(withoutCsp(production));
    // The input is not changed in place: firebase.json's object still holds the production policy.
    expect(cspOf(production)).toBe(before);
  });

  it('takes hosts and ports from the emulators block', () => {
    expect(appEmulatorOrigins({ auth: { host: '::1', port: 1 }, firestore: { port: 2 }, functions: { host: 'h', port: 3 } })).toEqual([
      'http://::1:1',
      'http://127.0.0.1:2',
      'http://h:3',
    ]);
  });

  it('does not repeat an origin already in connect-src', () => {
    expect(withConnectOrigins("default-src 'self'; connect-src 'self' http://a:1", ['http://a:1', 'http://b:2'])).toBe(
      "default-src 'self'; connect-src 'self' http://a:1 http://b:2",
    );
  });

  it.each([
    ['no connect-src', { hosting: { headers: [{ source: '**', headers: [{ key: 'Content-Security-Policy', value: "default-src 'self'" }] }] } }, /no connect-src/],
    ['no CSP header', { hosting: { headers: [{ source: '**', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }] } }, /no Content-Security-Policy/],
    ['no hosting block', {}, /no Content-Security-Policy/],
  ])('refuses a configuration with %s, naming what is missing', (_label, partial, message) => {
    const emulators = firebaseJson().emulators;
    expect(() => emulatorConfig({ emulators, ...partial })).toThrow(message);
  });

  it('refuses an emulators block without a port', () => {
    expect(() => appEmulatorOrigins({ auth: { port: 9099 }, firestore: {} })).toThrow('emulators.firestore.port is missing');
  });
});
