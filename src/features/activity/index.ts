// The activity feature's public surface for src/app (issue #24): the team view's 'Activity log'
// action (its dialog loads on first open) and what the app hands it.
export { ActivityLogAction, type ActivityLogActionProps } from './ActivityLogAction';
export { DeletedTeamLogs, DELETED_TEAMS_TEXTS } from './DeletedTeamLogs';
export type { ActivityLogServices } from './ActivityLogDialog';
export type { CsvWriter } from './activityCsv';
export type { VaultNames } from './eventText';
