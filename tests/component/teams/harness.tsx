import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { vi } from 'vitest';
import { JoinedTeams as JoinedTeamsSection, MyTeams as MyTeamsSection, offersTeamSearch, TeamListNotices, TeamSearch } from '../../../src/features/teams';
import { useTeams } from '../../../src/features/teams';
import type { TeamsApi } from '../../../src/features/teams/model';
import { testServerState } from '../../support/serverState';

function Sections({
  api,
  planId,
  onOpenTeam,
  onManageMembers,
}: {
  api: TeamsApi | null;
  planId: string;
  onOpenTeam: (teamId: string) => void;
  onManageMembers: (teamId: string) => void;
}) {
  // The same wiring as the sidebar: one list for both sections (and the notices), one search once
  // there are enough teams.
  const teams = useTeams(api);
  const [query, setQuery] = useState('');
  const all = teams?.status === 'ready' ? teams.teams : [];
  return (
    <main>
      <TeamListNotices teams={teams} />
      {offersTeamSearch(all) && <TeamSearch teams={all} query={query} onQuery={setQuery} />}
      <MyTeamsSection teams={teams} planId={planId} onOpenTeam={onOpenTeam} onManageMembers={onManageMembers} query={query} />
      <JoinedTeamsSection teams={teams} onOpenTeam={onOpenTeam} onManageMembers={onManageMembers} query={query} />
    </main>
  );
}

export function renderTeams(api: TeamsApi | null, { planId = 'unlimited' }: { planId?: string } = {}) {
  const onOpenTeam = vi.fn<(teamId: string) => void>();
  const onManageMembers = vi.fn<(teamId: string) => void>();
  const user = userEvent.setup();
  const server = testServerState();
  render(
    server.wrap(
      <StrictMode>
        <Sections api={api} planId={planId} onOpenTeam={onOpenTeam} onManageMembers={onManageMembers} />
      </StrictMode>,
    ),
  );
  return { user, onOpenTeam, onManageMembers, client: server.client };
}
