// One behaviour for the team callables (docs/teams.md), run against the in-memory fake of the
// unit and component tiers (tests/unit/teams/teamCallables.test.ts) and against the deployed
// functions on the emulators (tests/emulator/teams/callableContract.test.ts), so the fake the
// screens are tested over cannot drift from the server: who may change, remove and leave, with the
// server's own messages, and what the team looks like afterwards.
import { describe, expect, it } from 'vitest';
import type { StoredTeam, TeamFunctions } from '../../src/data/teams/storedTeams';
import { PERMISSION_MESSAGES, type TeamRole } from '@keyloft/contract/teamPermissions';

export interface SeededTeam {
  readonly teamId: string;
  /** The uid of the person seeded under `label`. */
  uid(label: string): string;
  /** The team callables as the person under `label` calls them. */
  as(label: string): TeamFunctions;
  /** The team as stored now. */
  read(): Promise<StoredTeam | null>;
}

export interface TeamCallableWorld {
  /** A team whose people (by label) hold these roles, each with the team key; exactly one owner. */
  seedTeam(roles: Readonly<Record<string, TeamRole>>): Promise<SeededTeam>;
  /** Someone outside the team, by label. */
  outsider(label: string): Promise<TeamFunctions>;
}

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
  });
}
