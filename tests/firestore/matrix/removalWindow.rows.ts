// Team saves in the removal window (issue #41 item 2, docs/teams.md "The removal window"): while a
// departure awaits its rotation (rotationNeeded) no team entry or group is saved, so nothing is
// sealed with a key the departed member held; deletes and a running re-encryption's re-seals go on.
// Once rotated, saves go ahead at once, but while the owner holds only their wrap of the previous
// key nothing is re-sealed (the old key waits for the owner). Each deny has its allow beside it.
import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import { sampleSealedGroup } from '../../contract/vaultRepositories.contract';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import { forgedSealed } from '../../support/forgedCiphertext';
import { base64OfBytes } from '../../contract/userRepository.contract';
import { allowOnly, DENY_ALL, FULL, IDENTITIES, OWNER, type CollectionTable, type Seed } from './table';
import { byRole, KEY_VERSION, TEAM, teamEntry, teams } from './teamSeed';

const ENTRY = 'passwords/team-entry';
const OLD_ENTRY = 'passwords/team-entry-v1';
const GROUP = 'groups/sealed-team-group';
const OLD_GROUP = 'groups/sealed-team-group-v1';
const CIPHER_2 = `${'B'.repeat(42)}A=`;
const writers = byRole((role) => canOnPasswords(role, 'edit'));
const readers = byRole((role) => canOnPasswords(role, 'view'));
const PREVIOUS = { version: KEY_VERSION - 1, sealed: forgedSealed<'previous-team-key'>(base64OfBytes(60, 0x50)) };
const OLD_WRAP = forgedSealed<'team-key-wrap'>(base64OfBytes(256, 0x6c));

function seedWith(change: (team: StoredTeam) => Partial<StoredTeam>): Seed {
  return () => {
    const all = teams();
    const path = `teams/${TEAM}`;
    const team = all[path]!;
    return {
      ...all,
      [path]: { ...team, ...change(team) },
      [ENTRY]: teamEntry(TEAM, FULL, 'Staging database'),
      [OLD_ENTRY]: teamEntry(TEAM, OWNER, 'Not yet re-encrypted', { keyVersion: KEY_VERSION - 1 }),
      [GROUP]: sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION }),
      [OLD_GROUP]: sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION - 1 }),
    };
  };
}

/** The owner's member entry with a kept wrap of `keyVersion`. */
function ownerKeeps(team: StoredTeam, keyVersion: number): Partial<StoredTeam> {
  const owner = team.members[OWNER]!;
  return { members: { ...team.members, [OWNER]: { ...owner, previousTeamKey: { keyVersion, encryptedTeamKey: OLD_WRAP } } } };
}

/** Someone left; nobody has rotated yet (a re-encryption of an earlier rotation may still run). */
const AWAITING_ROTATION = seedWith(() => ({ rotationNeeded: true, previousKey: PREVIOUS }));
/** Rotated by an admin; the owner still holds only their wrap of the previous key. */
const AWAITING_OWNER = seedWith((team) => ({ previousKey: PREVIOUS, ...ownerKeeps(team, KEY_VERSION - 1) }));
/** Rotated; the owner's kept wrap is of an older key than the previous one: nobody to wait for. */
const OWNER_KEEPS_OLDER = seedWith((team) => ({ previousKey: PREVIOUS, ...ownerKeeps(team, KEY_VERSION - 2) }));
/** Rotated, and the owner confirmed the new key. */
const OWNER_CONFIRMED = seedWith(() => ({ previousKey: PREVIOUS }));

const newEntry = () => teamEntry(TEAM, IDENTITIES.full.uid, 'New');
const edit = () => ({ title: 'Renamed', updatedAt: Date.now(), revision: 2 });
const resealEntry = () => ({ username: CIPHER_2, password: CIPHER_2, keyVersion: KEY_VERSION, updatedAt: Date.now(), revision: 2 });
const newGroup = () => sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION });
const editGroup = () => ({ updatedAt: Date.now(), revision: 2 });
const resealGroup = () => ({ keyVersion: KEY_VERSION, updatedAt: Date.now(), revision: 2 });

export const removalWindowTable: CollectionTable = {
  collection: 'team saves in the removal window',
  seed: OWNER_CONFIRMED,
  access: [
    // Reading is not affected: every member reads throughout.
    { op: 'get', what: 'a team entry while a departure awaits its rotation', path: ENTRY, seed: AWAITING_ROTATION, expect: readers },
    { op: 'list', what: 'the team’s entries while the old key waits for the owner', path: 'passwords', where: [['teamId', '==', TEAM]], seed: AWAITING_OWNER, expect: readers },
    // rotationNeeded: saves refused (the pairs are the same saves once rotated, below).
    { op: 'create', what: 'a team entry while a departure awaits its rotation', path: 'passwords/new', seed: AWAITING_ROTATION, data: newEntry, expect: DENY_ALL },
    { op: 'update', what: 'a team entry’s title while a departure awaits its rotation', path: ENTRY, seed: AWAITING_ROTATION, data: edit, expect: DENY_ALL },
    { op: 'create', what: 'a sealed team group while a departure awaits its rotation', path: 'groups/new', seed: AWAITING_ROTATION, data: newGroup, expect: DENY_ALL },
    { op: 'update', what: 'a sealed team group while a departure awaits its rotation', path: GROUP, seed: AWAITING_ROTATION, data: editGroup, expect: DENY_ALL },
    { op: 'delete', what: 'a team entry while a departure awaits its rotation', path: ENTRY, seed: AWAITING_ROTATION, expect: writers },
    // A re-encryption still running when someone left re-seals what they could read already.
    { op: 'update', what: 'an entry re-sealed while a departure awaits its rotation', path: OLD_ENTRY, seed: AWAITING_ROTATION, noEvent: true, data: resealEntry, expect: writers },
    // Rotated by someone else, the owner away: saves go ahead at once.
    // The new entry names the Full member as its creator, so only they may write it.
    { op: 'create', what: 'a team entry while the old key waits for the owner', path: 'passwords/new', seed: AWAITING_OWNER, data: newEntry, expect: allowOnly('full') },
    { op: 'update', what: 'a team entry’s title while the old key waits for the owner', path: ENTRY, seed: AWAITING_OWNER, data: edit, expect: writers },
    { op: 'create', what: 'a sealed team group while the old key waits for the owner', path: 'groups/new', seed: AWAITING_OWNER, data: newGroup, expect: byRole((role) => canOnPasswords(role, 'create')) },
    { op: 'update', what: 'a sealed team group while the old key waits for the owner', path: GROUP, seed: AWAITING_OWNER, data: editGroup, expect: writers },
    // …but nothing is re-sealed until the owner confirmed the new key.
    { op: 'update', what: 'an entry re-sealed while the old key waits for the owner', path: OLD_ENTRY, seed: AWAITING_OWNER, noEvent: true, data: resealEntry, expect: DENY_ALL },
    { op: 'update', what: 'a sealed group re-sealed while the old key waits for the owner', path: OLD_GROUP, seed: AWAITING_OWNER, noEvent: true, data: resealGroup, expect: DENY_ALL },
    { op: 'update', what: 'an entry re-sealed once the owner confirmed the new key', path: OLD_ENTRY, noEvent: true, data: resealEntry, expect: writers },
    { op: 'update', what: 'a sealed group re-sealed once the owner confirmed the new key', path: OLD_GROUP, noEvent: true, data: resealGroup, expect: writers },
    { op: 'update', what: 'an entry re-sealed while the owner keeps only an older wrap', path: OLD_ENTRY, seed: OWNER_KEEPS_OLDER, noEvent: true, data: resealEntry, expect: writers },
  ],
  malformed: [],
};
