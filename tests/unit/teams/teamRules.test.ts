import { describe, expect, it } from 'vitest';
import type { TeamSummary } from '../../../src/features/teams/model';
import { TEAM_FORM_MESSAGES, teamSaveErrorMessage, validateTeamDraft } from '../../../src/features/teams/teamDraft';
import { reachedTeamLimit, TEAM_LIMIT_TITLE, teamLimitText } from '../../../src/features/teams/teamLimit';
import {
  deleteTeamWarning,
  filterTeams,
  isOwnedTeam,
  memberCountText,
  neighbourAfterRemoval,
  splitTeams,
  TEAM_LIST_TEXTS,
} from '../../../src/features/teams/teamList';

function team(id: string, fields: Partial<TeamSummary> = {}): TeamSummary {
  return {
    id,
    name: `Team ${id}`,
    description: null,
    ownerId: 'ana',
    memberCount: 1,
    createdAt: 0,
    myRole: 'owner',
    needsKey: false,
    rotationPending: false,
    ...fields,
  };
}

describe('validateTeamDraft (SPEC.md §5 "Team")', () => {
  it('trims the name and description', () => {
    expect(validateTeamDraft({ name: '  Alpha  ', description: '\tShared logins \n' })).toEqual({
      ok: true,
      draft: { name: 'Alpha', description: 'Shared logins' },
    });
  });

  it('omits an empty or blank description (no key at all)', () => {
    for (const description of ['', '   ', '\n\t']) {
      const result = validateTeamDraft({ name: 'Alpha', description });
      expect(result).toEqual({ ok: true, draft: { name: 'Alpha' } });
      expect(result.ok && Object.hasOwn(result.draft, 'description')).toBe(false);
    }
  });

  it('requires a name that is not blank', () => {
    for (const name of ['', '   ', '\n']) {
      expect(validateTeamDraft({ name, description: 'x' })).toEqual({ ok: false, errors: { name: 'Team name is required' } });
    }
    expect(TEAM_FORM_MESSAGES.nameRequired).toBe('Team name is required');
    expect(TEAM_FORM_MESSAGES.saveFailed).toBe('Failed to save team');
  });

  it("shows the server's plan-limit refusals as they are, anything else as 'Failed to save team'", () => {
    expect(teamSaveErrorMessage(new Error('Team Creation Limit Reached'))).toBe('Team Creation Limit Reached');
    expect(teamSaveErrorMessage(new Error('Creating teams needs a paid plan. Upgrade to continue.'))).toBe(
      'Creating teams needs a paid plan. Upgrade to continue.',
    );
    expect(teamSaveErrorMessage(new Error('internal'))).toBe('Failed to save team');
    expect(teamSaveErrorMessage('Team Creation Limit Reached')).toBe('Failed to save team');
  });

  it('refuses a name that looks like a link, saying why, and shows the same refusal from the server', () => {
    const message = 'Team name cannot look like a web address (no "://", "www." or names such as example.com)';
    for (const name of ['Re-verify at https://evil.example/login', 'www.example', 'login.example.com']) {
      expect(validateTeamDraft({ name, description: '' })).toEqual({ ok: false, errors: { name: message } });
    }
    expect(TEAM_FORM_MESSAGES.nameLinkLike).toBe(message);
    expect(teamSaveErrorMessage(new Error(message))).toBe(message);
    expect(validateTeamDraft({ name: 'Ops v2.0', description: '' }).ok).toBe(true);
  });

  it('keeps the stored lengths: name up to 100, description up to 500, counted after trimming', () => {
    expect(validateTeamDraft({ name: ` ${'n'.repeat(100)} `, description: ` ${'d'.repeat(500)} ` }).ok).toBe(true);
    expect(validateTeamDraft({ name: 'n'.repeat(101), description: 'd'.repeat(501) })).toEqual({
      ok: false,
      errors: { name: TEAM_FORM_MESSAGES.nameTooLong, description: TEAM_FORM_MESSAGES.descriptionTooLong },
    });
  });
});

describe('filterTeams', () => {
  const teams = [
    team('a', { name: 'Alpha', description: 'Marketing logins' }),
    team('b', { name: 'Beta', description: null }),
    team('c', { name: 'Gamma', description: 'Servers for ALPHA launch' }),
  ];

  it('returns every team, the same array, for a blank query', () => {
    expect(filterTeams(teams, '')).toBe(teams);
    expect(filterTeams(teams, '   ')).toBe(teams);
  });

  it('matches name or description, case-insensitively, after trimming the query', () => {
    expect(filterTeams(teams, ' alpha ').map((t) => t.id)).toEqual(['a', 'c']);
    expect(filterTeams(teams, 'MARKETING').map((t) => t.id)).toEqual(['a']);
    expect(filterTeams(teams, 'bet').map((t) => t.id)).toEqual(['b']);
  });

  it('finds nothing for a query that matches neither, and never matches a missing description', () => {
    expect(filterTeams(teams, 'zzz')).toEqual([]);
    expect(filterTeams(teams, 'null')).toEqual([]);
  });
});

describe('splitTeams and isOwnedTeam', () => {
  it('puts the teams the user owns under My Teams and every other role under Joined Teams, keeping order', () => {
    const teams = [
      team('1', { myRole: 'view' }),
      team('2', { myRole: 'owner' }),
      team('3', { myRole: 'admin' }),
      team('4', { myRole: 'full' }),
      team('5', { myRole: 'owner' }),
    ];
    const { owned, joined } = splitTeams(teams);
    expect(owned.map((t) => t.id)).toEqual(['2', '5']);
    expect(joined.map((t) => t.id)).toEqual(['1', '3', '4']);
    expect(teams.filter(isOwnedTeam)).toEqual(owned);
  });
});

describe('texts', () => {
  it('uses the SPEC.md strings verbatim', () => {
    expect(TEAM_LIST_TEXTS.noMatches).toBe('No teams match your search.');
    expect(TEAM_LIST_TEXTS.noOwnedTeams).toBe('No teams yet. Create your first team!');
    expect(TEAM_LIST_TEXTS.loadFailed).toBe('Failed to load teams/passwords');
    expect(TEAM_LIMIT_TITLE).toBe('Team Creation Limit Reached');
  });

  it('counts members in words', () => {
    expect(memberCountText(1)).toBe('1 member');
    expect(memberCountText(0)).toBe('0 members');
    expect(memberCountText(1200)).toBe('1,200 members');
  });

  it('warns that deleting a team deletes its passwords', () => {
    expect(deleteTeamWarning('Alpha')).toBe(
      'Are you sure you want to delete "Alpha"? All passwords in this team will be permanently deleted.',
    );
  });
});

describe('neighbourAfterRemoval', () => {
  const shown = [team('a'), team('b'), team('c')];
  it('is the next team, else the previous, else none', () => {
    expect(neighbourAfterRemoval(shown, 'a')).toBe('b');
    expect(neighbourAfterRemoval(shown, 'b')).toBe('c');
    expect(neighbourAfterRemoval(shown, 'c')).toBe('b');
    expect(neighbourAfterRemoval([team('a')], 'a')).toBeNull();
    expect(neighbourAfterRemoval(shown, 'missing')).toBeNull();
  });
});

describe('the team limit (SPEC.md §9, counted as teams owned)', () => {
  it('is unlimited on free, unlimited and unknown plans', () => {
    for (const plan of ['free', 'unlimited', 'enterprise', 'something-new']) expect(reachedTeamLimit(plan, 10_000)).toBeNull();
  });

  it('stops at 10 on standard and 25 on pro', () => {
    expect(reachedTeamLimit('standard', 9)).toBeNull();
    expect(reachedTeamLimit('standard', 10)).toBe(10);
    expect(reachedTeamLimit('standard', 12)).toBe(10);
    expect(reachedTeamLimit('pro', 24)).toBeNull();
    expect(reachedTeamLimit('pro', 25)).toBe(25);
  });

  it('names the limit', () => {
    expect(teamLimitText(10, 10)).toContain('up to 10 teams');
    expect(teamLimitText(10, 10)).toContain('you own 10');
  });
});

describe('validateTeamDraft: well-formed text (issue #17)', () => {
  it('refuses a lone surrogate in the name or description, naming the field', () => {
    expect(validateTeamDraft({ name: 'Ops \uD83D', description: 'x\uDE00' })).toEqual({
      ok: false,
      errors: {
        name: 'Team name contains a broken character (half of an emoji or symbol). Retype that part and try again.',
        description: 'Description contains a broken character (half of an emoji or symbol). Retype that part and try again.',
      },
    });
    expect(validateTeamDraft({ name: 'Ops 🚀', description: '' }).ok).toBe(true);
  });
});
