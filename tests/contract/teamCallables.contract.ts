// One behaviour for the team callables (docs/teams.md), run against the in-memory fake of the
// unit and component tiers (tests/unit/teams/teamCallables.test.ts) and against the deployed
// functions on the emulators (tests/emulator/teams/callableContract.test.ts), so the fake the
// screens are tested over cannot drift from the server: who may change, remove and leave, with the
// server's own messages, and what the team looks like afterwards; who may create a team, and who
// may finish a rotation, and when.
import { describe, expect, it } from 'vitest';
import type { StoredTeam, TeamFunctions } from '../../src/data/teams/storedTeams';
import { PERMISSION_MESSAGES, type TeamRole } from '@keyloft/contract/teamPermissions';
import { SEALED_KEY_BYTES, WRAPPED_KEY_BYTES } from '@keyloft/contract/callables/teams';
import { TEAM_MESSAGES } from '../../functions/src/teams/messages';
import { base64OfBytes } from './userRepository.contract';
import { forgedSealed } from '../support/forgedCiphertext';

export interface SeededTeam {
  readonly teamId: string;
  /** The uid of the person seeded under `label`. */
  uid(label: string): string;
  /** The team callables as the person under `label` calls them. */
  as(label: string): TeamFunctions;
  /** The team as stored now. */
  read(): Promise<StoredTeam | null>;
  /** A team password at this key version (its other fields do not matter to the callables). */
  plantEntry(keyVersion: number): Promise<void>;
}

export interface TeamAccount {
  readonly uid: string;
  /** The team callables as this person calls them. */
  readonly functions: TeamFunctions;
}

export interface TeamCallableWorld {
  /**
   * A team whose people (by label) hold these roles, each with the team key; exactly one owner.
   * `overrides` replace fields of the stored team (a rotation under way).
   */
  seedTeam(roles: Readonly<Record<string, TeamRole>>, overrides?: Partial<StoredTeam>): Promise<SeededTeam>;
  /** Someone outside the team, by label. */
  outsider(label: string): Promise<TeamFunctions>;
  /** Someone with a user record, on the sign-up trial or on the free plan, outside any team. */
  account(label: string, plan: 'trial' | 'free'): Promise<TeamAccount>;
  /** A fresh team id in the client's shape. */
  newTeamId(): string;
  /** The team under this id as stored now. */
  readTeam(teamId: string): Promise<StoredTeam | null>;
}

/** A team mid-rotation: at key version 2, the previous key still sealed in it. */
const ROTATING: Partial<StoredTeam> = { keyVersion: 2, previousKey: { version: 1, sealed: forgedSealed(base64OfBytes(SEALED_KEY_BYTES, 0x50)) } };

export function teamCallableContract(makeWorld: () => Promise<TeamCallableWorld>): void {
  describe('team callables contract', () => {
    it('an admin changes a member’s role, and the team shows it', async () => {
      const team = await (await makeWorld()).seedTeam({ ana: 'owner', ada: 'admin', bob: 'full' });
      await team.as('ada').changeMemberRole({ teamId: team.teamId, userId: team.uid('bob'), role: 'view' });
      expect((await team.read())?.members[team.uid('bob')]?.role).toBe('view');
    });

    it('refuses role changes the §6 table does not allow, with its messages, and changes nothing', async () => {
      const team = await (await makeWorld()).seedTeam({ ana: 'owner', ada: 'admin', bob: 'full', cy: 'view' });
      const { teamId } = team;
      await expect(team.as('bob').changeMemberRole({ teamId, userId: team.uid('cy'), role: 'admin' })).rejects.toThrow(PERMISSION_MESSAGES.onlyManagersChangeRoles);
      await expect(team.as('ada').changeMemberRole({ teamId, userId: team.uid('ana'), role: 'view' })).rejects.toThrow(PERMISSION_MESSAGES.cannotChangeOwnerRole);
      await expect(team.as('ada').changeMemberRole({ teamId, userId: team.uid('ada'), role: 'view' })).rejects.toThrow(PERMISSION_MESSAGES.cannotChangeOwnRole);
      const after = await team.read();
      expect([after?.members[team.uid('cy')]?.role, after?.members[team.uid('ana')]?.role, after?.members[team.uid('ada')]?.role]).toEqual(['view', 'owner', 'admin']);
    });

    it('an owner removes a member: gone from the team, and the key is to be rotated', async () => {
      const team = await (await makeWorld()).seedTeam({ ana: 'owner', bob: 'full' });
      await team.as('ana').removeTeamMember({ teamId: team.teamId, userId: team.uid('bob') });
      const after = await team.read();
      expect(after?.memberIds).toEqual([team.uid('ana')]);
      expect(after?.members[team.uid('bob')]).toBeUndefined();
      expect(after?.rotationNeeded).toBe(true);
    });

    it('refuses removals the §6 table does not allow, with its messages', async () => {
      const team = await (await makeWorld()).seedTeam({ ana: 'owner', ada: 'admin', bob: 'full', cy: 'view' });
      const { teamId } = team;
      await expect(team.as('bob').removeTeamMember({ teamId, userId: team.uid('cy') })).rejects.toThrow(PERMISSION_MESSAGES.onlyManagersRemove);
      await expect(team.as('ada').removeTeamMember({ teamId, userId: team.uid('ana') })).rejects.toThrow(PERMISSION_MESSAGES.cannotRemoveOwner);
      await expect(team.as('ada').removeTeamMember({ teamId, userId: team.uid('ada') })).rejects.toThrow(PERMISSION_MESSAGES.cannotRemoveYourself);
      expect((await team.read())?.memberIds).toHaveLength(4);
    });

    it('a member leaves (the key is then to be rotated); the owner may not', async () => {
      const team = await (await makeWorld()).seedTeam({ ana: 'owner', bob: 'view' });
      await expect(team.as('ana').leaveTeam({ teamId: team.teamId })).rejects.toThrow(PERMISSION_MESSAGES.ownerCannotLeave);
      await team.as('bob').leaveTeam({ teamId: team.teamId });
      const after = await team.read();
      expect(after?.memberIds).toEqual([team.uid('ana')]);
      expect(after?.rotationNeeded).toBe(true);
    });

    it('someone outside the team is answered as for a team that does not exist', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner', bob: 'full' });
      const stranger = await world.outsider('zed');
      await expect(stranger.removeTeamMember({ teamId: team.teamId, userId: team.uid('bob') })).rejects.toThrow(PERMISSION_MESSAGES.notMember);
      await expect(stranger.leaveTeam({ teamId: team.teamId })).rejects.toThrow(PERMISSION_MESSAGES.notMember);
      expect((await team.read())?.memberIds).toHaveLength(2);
    });

    it('creating a team: the caller owns it with their wrap at key version 1; the same call again succeeds, and the id is then taken', async () => {
      const world = await makeWorld();
      const ana = await world.account('ana', 'trial');
      const teamId = world.newTeamId();
      const request = { teamId, name: '  Ops  ', encryptedTeamKey: base64OfBytes(WRAPPED_KEY_BYTES, 0x61) };
      await ana.functions.createTeam(request);
      const created = await world.readTeam(teamId);
      expect(created).toMatchObject({ name: 'Ops', ownerId: ana.uid, memberIds: [ana.uid], keyVersion: 1, previousKey: null, rotationNeeded: false, deleting: false });
      expect(created?.members[ana.uid]).toMatchObject({ role: 'owner', encryptedTeamKey: request.encryptedTeamKey, needsTeamKey: false });
      // The reply was lost and the browser asks again.
      await ana.functions.createTeam(request);
      const bob = await world.account('bob', 'trial');
      await expect(bob.functions.createTeam({ ...request, encryptedTeamKey: base64OfBytes(WRAPPED_KEY_BYTES, 0x62) })).rejects.toThrow(TEAM_MESSAGES.teamIdTaken);
      expect((await world.readTeam(teamId))?.ownerId).toBe(ana.uid);
    });

    it('creating a team needs paid access: the free plan is refused and nothing is stored', async () => {
      const world = await makeWorld();
      const cy = await world.account('cy', 'free');
      const teamId = world.newTeamId();
      await expect(cy.functions.createTeam({ teamId, name: 'Ops', encryptedTeamKey: base64OfBytes(WRAPPED_KEY_BYTES) })).rejects.toThrow(TEAM_MESSAGES.paidPlanRequired);
      expect(await world.readTeam(teamId)).toBeNull();
    });

    it('finishing a rotation: only members who may edit passwords, at the current version, and not while an entry is at the old key', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner', ada: 'admin', bob: 'full', cy: 'view' }, ROTATING);
      await team.plantEntry(2);
      await team.plantEntry(1);
      const { teamId } = team;
      await expect(team.as('cy').finishKeyRotation({ teamId, keyVersion: 2 })).rejects.toThrow(TEAM_MESSAGES.onlyWritersRotate);
      await expect(team.as('bob').finishKeyRotation({ teamId, keyVersion: 2 })).rejects.toThrow(TEAM_MESSAGES.entriesLeft);
      await expect(team.as('ada').finishKeyRotation({ teamId, keyVersion: 1 })).rejects.toThrow(TEAM_MESSAGES.staleKeyVersion);
      await expect(team.as('ada').finishKeyRotation({ teamId, keyVersion: 2 })).rejects.toThrow(TEAM_MESSAGES.entriesLeft);
      expect((await team.read())?.previousKey).toEqual(ROTATING.previousKey);

      const done = await world.seedTeam({ ana: 'owner', ada: 'admin' }, ROTATING);
      await done.plantEntry(2);
      await done.as('ada').finishKeyRotation({ teamId: done.teamId, keyVersion: 2 });
      expect(await done.read()).toMatchObject({ keyVersion: 2, previousKey: null });
    });
  });
}
