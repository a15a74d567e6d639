export type { TeamDraft, TeamSummary, TeamsApi } from './model';
export { JoinedTeams, MyTeams } from './TeamsSection';
export type { MyTeamsProps } from './TeamsSection';
export { useTeams } from './useTeams';
export type { TeamsController, TeamsLoadStatus } from './useTeams';
export { createTeamsApi } from './teamService';
export type { TeamServiceDeps } from './teamService';
