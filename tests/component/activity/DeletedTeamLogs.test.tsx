// Issue #24: a team's deletion keeps its activity log readable to its former owner until retention
// removes it. The dashboard lists their deleted teams under My Teams, each opening its log (no
// titles: the team's entries went with it); a user who deleted none sees nothing of it.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeamWorld, renderTeamDashboard, UID, type TeamWorld } from '../app/teamDashboard';
import { activityRows } from '../../support/activityLog';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

const sidebar = () => screen.getByRole('navigation', { name: 'Vaults' });

describe('the logs of deleted teams', () => {
  it('lists the teams the user deleted, newest first, and opens each one’s log', async () => {
    const deletedAt = Date.UTC(2026, 9, 1);
    const teamsRead: string[] = [];
    const { user } = await renderTeamDashboard(world, (repositories) => {
      const get = repositories.teams.get.bind(repositories.teams);
      repositories.teams.get = (teamId) => {
        teamsRead.push(teamId);
        return get(teamId);
      };
      repositories.auditLog.seedDeletedTeam(UID, { teamId: 'old-ops', teamName: 'Old Ops', deletedAt });
      repositories.auditLog.seedDeletedTeam(UID, { teamId: 'older', teamName: 'Older', deletedAt: deletedAt - 86_400_000 });
      repositories.auditLog.seedDeletedTeam('someone-else', { teamId: 'theirs', teamName: 'Not mine', deletedAt });
      repositories.auditLog.seed({ teamId: 'old-ops', actor: { uid: 'bo', email: 'bo@example.com' }, kind: 'entry.edited', entryId: 'e1', parts: ['password'] }, deletedAt - 60_000);
      repositories.auditLog.seed({ teamId: 'old-ops', actor: { uid: UID, email: 'ana@example.com' }, kind: 'team.deleted' }, deletedAt);
      return Promise.resolve();
    });
    const list = await within(sidebar()).findByRole('list', { name: 'Deleted teams' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Old Ops', 'Older']);
    expect(within(sidebar()).queryByText('Not mine')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Activity log of deleted team Old Ops' }));
    const what = await activityRows();
    // The entry went with the team: it is named by nothing but that.
    expect(what).toEqual([
      ['ana@example.com', 'deleted the team'],
      ['bo@example.com', 'changed the password of an entry no longer in the vault'],
    ]);
    // A deleted team is not read (the rules would refuse it): its members come from its log.
    expect(teamsRead).not.toContain('old-ops');
  });

  it('shows nothing when the user deleted no team', async () => {
    await renderTeamDashboard(world, () => Promise.resolve());
    await within(sidebar()).findByRole('heading', { name: 'My Teams' });
    expect(within(sidebar()).queryByRole('heading', { name: 'Deleted teams' })).not.toBeInTheDocument();
  });
});
