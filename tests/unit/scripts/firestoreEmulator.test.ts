import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, javaMajorVersion, locateFirestoreEmulator } from '../../../scripts/lib/firestoreEmulator.mjs';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (server) server.close(() => {
      resolve();
    });
    else resolve();
  });
  server = undefined;
});

describe('the Firestore emulator launcher', () => {
  it('names the port and the process holding it when a port is taken', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    await expect(assertPortFree('127.0.0.1', address.port, 'Firestore emulator')).rejects.toThrow(
      new RegExp(`^port ${address.port} on 127\\.0\\.0\\.1, needed by the Firestore emulator, is taken by node \\(pid ${process.pid}\\)`),
    );
  });

  it('accepts a free port', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    await new Promise<void>((resolve) => {
      server?.close(() => {
        resolve();
      });
    });
    server = undefined;
    await expect(assertPortFree('127.0.0.1', address.port, 'Firestore emulator')).resolves.toBeUndefined();
  });

  it('says exactly what is wrong with a FIRESTORE_EMULATOR_JAR that does not exist', () => {
    const located = locateFirestoreEmulator({ FIRESTORE_EMULATOR_JAR: '/nowhere/emulator.jar' });
    const expected = javaMajorVersion() === null ? /no Java runtime found/ : /FIRESTORE_EMULATOR_JAR names \/nowhere\/emulator\.jar, which does not exist/;
    expect(located.kind).toBe('missing');
    expect(located.kind === 'missing' ? located.reason : '').toMatch(expected);
  });

});
