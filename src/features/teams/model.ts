// What the team screens show and do (docs/teams.md). The team service implements TeamsApi over the
// repositories, the team callables and the user's keys; screens and their tests see only this.
import type { TeamRole } from '../../domain/teamPermissions';

export interface TeamSummary {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly ownerId: string;
  readonly memberCount: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** The signed-in user's role in this team. */
  readonly myRole: TeamRole;
  /** True while the signed-in user has no wrapped team key yet ('Needs Key'). */
  readonly needsKey: boolean;
}

/** What the team form hands the service: trimmed, the name non-empty, an empty description omitted (SPEC.md §5). */
export interface TeamDraft {
  readonly name: string;
  readonly description?: string;
}

export interface TeamsApi {
  /** The teams the user is a member of, ordered by name. */
  list(): Promise<TeamSummary[]>;
  /** Makes the team key in the browser, wraps it for the owner, then creates the team. */
  create(draft: TeamDraft): Promise<void>;
  update(teamId: string, draft: TeamDraft): Promise<void>;
  /** Deletes the team with all its passwords and groups. */
  remove(teamId: string): Promise<void>;
}
