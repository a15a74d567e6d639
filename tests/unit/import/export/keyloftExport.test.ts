import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoError, PBKDF2_MIN_ITERATIONS, UnsupportedKdfError } from '../../../../src/crypto';
import type { ExportedVault } from '../../../../src/features/import/export/exportedVault';
import { exportKeyloftEncrypted, exportKeyloftJson } from '../../../../src/features/import/export/keyloftExport';
import { fixtureVault } from './fixtureVault';

const NOW = new Date('2026-11-26T21:30:00.000Z');

/** Opens an encrypted export with node:crypto alone, as docs/import.md describes it. */
function nodeOpen(fileText: string, password: string): string {
  const file = JSON.parse(fileText) as { kdf: { iterations: number; salt: string }; iv: string; data: string };
  const key = pbkdf2Sync(Buffer.from(password.normalize('NFC'), 'utf8'), Buffer.from(file.kdf.salt, 'base64'), file.kdf.iterations, 32, 'sha256');
  const data = Buffer.from(file.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
  decipher.setAAD(Buffer.from(`keyloft-export/1/PBKDF2-SHA256/${file.kdf.iterations}/${file.kdf.salt}/AES-256-GCM`, 'ascii'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

describe('exportKeyloftJson', () => {
  it('writes the versioned plain document, format first, every field of every entry and group', () => {
    const text = exportKeyloftJson(fixtureVault, { now: NOW });
    expect(text.startsWith('{\n  "format": "keyloft-export",\n  "version": 1,\n  "encrypted": false,\n  "exportedAt": "2026-11-26T21:30:00.000Z",')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      format: 'keyloft-export',
      version: 1,
      encrypted: false,
      exportedAt: '2026-11-26T21:30:00.000Z',
      groups: fixtureVault.groups,
      // Every entry names its one-time code and history (issue #23), null and [] for none.
      entries: fixtureVault.entries.map((entry) => ({ ...entry, otp: entry.otp ?? null, passwordHistory: entry.passwordHistory ?? [] })),
    });
  });

  it('keeps nulls as null and writes each entry’s fields in one order', () => {
    const document = JSON.parse(exportKeyloftJson(fixtureVault, { now: NOW })) as { entries: Record<string, unknown>[] };
    expect(document.entries[1]).toEqual({
      title: 'Bank – Zoë',
      url: null,
      username: 'zoë',
      password: 'ünïcödé-🔑-密码',
      notes: null,
      group: 'Família 🏠',
      otp: null,
      passwordHistory: [],
    });
    expect(Object.keys(document.entries[0] ?? {})).toEqual(['title', 'url', 'username', 'password', 'notes', 'group', 'otp', 'passwordHistory']);
  });

  it('writes nothing but the documented fields, whatever else the caller’s objects carry', () => {
    // Objects as a caller might hold them, with more than the export's fields.
    const groups = [{ name: 'G', description: null, id: 'group-1', key: 'secret' }];
    const entries = [
      { title: 'T', url: null, username: 'u', password: 'p', notes: null, group: 'G', id: 'entry-1', revision: 3, passwordHistory: [{ password: 'o', replacedAt: 1, id: 'x' }] },
    ];
    const vault: ExportedVault = { groups, entries };
    const document = JSON.parse(exportKeyloftJson(vault, { now: NOW })) as { groups: unknown[]; entries: unknown[] };
    expect(document.groups).toEqual([{ name: 'G', description: null }]);
    expect(document.entries).toEqual([{ title: 'T', url: null, username: 'u', password: 'p', notes: null, group: 'G', otp: null, passwordHistory: [{ password: 'o', replacedAt: 1 }] }]);
  });

  it('writes an empty vault as empty lists', () => {
    expect(JSON.parse(exportKeyloftJson({ entries: [], groups: [] }, { now: NOW }))).toMatchObject({ groups: [], entries: [] });
  });
});

describe('exportKeyloftEncrypted', () => {
  it('writes the documented header and seals exactly the plain document, which node:crypto opens', async () => {
    const text = await exportKeyloftEncrypted(fixtureVault, { password: 'file pässword', iterations: PBKDF2_MIN_ITERATIONS, now: NOW });
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual(['format', 'version', 'encrypted', 'kdf', 'cipher', 'iv', 'data']);
    expect(file).toMatchObject({
      format: 'keyloft-export',
      version: 1,
      encrypted: true,
      kdf: { algorithm: 'PBKDF2-SHA256', iterations: 100_000 },
      cipher: 'AES-256-GCM',
    });
    const plaintext = nodeOpen(text, 'file pässword');
    expect(plaintext).toBe(JSON.stringify(JSON.parse(exportKeyloftJson(fixtureVault, { now: NOW }))));
    // The passwords are nowhere in the file itself.
    expect(text).not.toContain('ünïcödé');
    expect(text).not.toContain('Mail');
  });

  it('uses the account’s iteration count it is given', async () => {
    const text = await exportKeyloftEncrypted({ entries: [], groups: [] }, { password: 'pw', iterations: 123_456, now: NOW });
    expect((JSON.parse(text) as { kdf: { iterations: number } }).kdf.iterations).toBe(123_456);
  });

  it('refuses an iteration count outside the bounds and an empty password', async () => {
    await expect(exportKeyloftEncrypted(fixtureVault, { password: 'pw', iterations: 1_000 })).rejects.toBeInstanceOf(UnsupportedKdfError);
    await expect(exportKeyloftEncrypted(fixtureVault, { password: 'pw', iterations: 1e9 })).rejects.toBeInstanceOf(UnsupportedKdfError);
    await expect(exportKeyloftEncrypted(fixtureVault, { password: '', iterations: PBKDF2_MIN_ITERATIONS })).rejects.toBeInstanceOf(CryptoError);
  });
});
