import { describe, expect, it } from 'vitest';
import { MalformedRecordError, groupFrom, passwordEntryFrom, teamFrom } from '../../../src/data/firestore/storedDocuments';
import { sampleTeam } from '../../contract/teamRepositories.contract';
import { sampleEntry, sampleGroup } from '../../contract/vaultRepositories.contract';

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof MalformedRecordError) return error.message;
    throw error;
  }
  return 'accepted';
}

describe('stored documents', () => {
  it('reads entries and groups as stored, with and without their optional fields', () => {
    const entry = sampleEntry('ana', 'Bank', { url: 'https://bank.example', notes: 'n', keyVersion: 2 });
    expect(passwordEntryFrom('passwords/p1', { ...entry })).toEqual(entry);
    const bare = sampleEntry('ana', 'Mail');
    expect(passwordEntryFrom('passwords/p2', { ...bare })).toEqual(bare);
    const group = sampleGroup('ana', 'Work', { description: 'd' });
    expect(groupFrom('groups/g1', { ...group })).toEqual(group);
  });

  it('leaves out fields the stored shape does not name', () => {
    const entry = sampleEntry('ana', 'Bank');
    expect(passwordEntryFrom('passwords/p1', { ...entry, plaintext: 'never' })).not.toHaveProperty('plaintext');
  });

  it('names the document and the first wrong field, nested ones by their path', () => {
    expect(refusal(() => passwordEntryFrom('passwords/p1', { ...sampleEntry('ana', 'Bank'), encrypted: false }))).toBe(
      'passwords/p1: field "encrypted" is missing or has the wrong type',
    );
    const team = sampleTeam('Ops', { ana: 'owner', bob: 'view' });
    const badRole = { ...team, members: { ...team.members, bob: { ...team.members.bob, role: 'god' } } };
    expect(refusal(() => teamFrom('teams/t1', badRole))).toBe('teams/t1: field "members.bob.role" is missing or has the wrong type');
    expect(refusal(() => teamFrom('teams/t1', { ...team, keyVersion: 0 }))).toBe('teams/t1: field "keyVersion" is missing or has the wrong type');
    expect(refusal(() => groupFrom('groups/g1', { ...sampleGroup('ana', 'Work'), description: null }))).toBe(
      'groups/g1: field "description" is missing or has the wrong type',
    );
  });

  it('reads a team without previousKey as having none', () => {
    const { previousKey: _none, ...team } = sampleTeam('Ops', { ana: 'owner' });
    expect(teamFrom('teams/t1', team).previousKey).toBeNull();
  });
});
