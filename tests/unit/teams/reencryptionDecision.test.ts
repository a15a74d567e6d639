import { describe, expect, it } from 'vitest';
import { asStoredCiphertext } from '../../../src/crypto';
import type { StoredPasswordEntry } from '../../../src/data/vault/storedEntries';
import { decideReencryption } from '../../../src/features/teams/reencryptionDecision';

const listed: StoredPasswordEntry = {
  title: 'Deploy key',
  username: asStoredCiphertext('entry-field', 'old/cipher/u'),
  password: asStoredCiphertext('entry-field', 'old/cipher/p'),
  teamId: 'team-1',
  userId: 'ana',
  groupId: null,
  encrypted: true,
  keyVersion: 1,
  revision: 4,
  createdAt: 1,
  updatedAt: 1,
};

describe('decideReencryption (the rotation’s per-entry decision)', () => {
  it('untouched: stored as listed, re-encrypt on the listed revision', () => {
    expect(decideReencryption(listed, { ...listed }, 2)).toEqual({ kind: 'untouched' });
  });

  it('edited at the old version: re-encrypt what is stored now, not what was listed', () => {
    const stored = { ...listed, title: 'Renamed', password: asStoredCiphertext('entry-field', 'edited/ciph+'), revision: 5 };
    expect(decideReencryption(listed, stored, 2)).toEqual({ kind: 'edited-at-old-version', entry: stored });
  });

  it('edited at the new version: already re-encrypted, left as it is', () => {
    expect(decideReencryption(listed, { ...listed, password: asStoredCiphertext('entry-field', 'new/cipher+/'), keyVersion: 2, revision: 5 }, 2)).toEqual({ kind: 'edited-at-new-version' });
  });

  it('edited at a later version still (another rotation since): left as it is', () => {
    expect(decideReencryption(listed, { ...listed, keyVersion: 3, revision: 9 }, 2)).toEqual({ kind: 'edited-at-new-version' });
  });

  it('deleted: skipped', () => {
    expect(decideReencryption(listed, null, 2)).toEqual({ kind: 'deleted' });
  });

  it('an entry from before key versions (none stored) counts as version 0', () => {
    const { keyVersion: _none, ...unversioned } = listed;
    expect(decideReencryption(unversioned, { ...unversioned, revision: 5 }, 1)).toMatchObject({ kind: 'edited-at-old-version' });
  });
});
