import type { FlaggedTeam, LeftTeamNotice, TeamDraft, TeamSummary, TeamsApi, TeamsListing } from '../../../src/features/teams/model';

type Call = 'list' | 'create' | 'update' | 'remove';

/** An in-memory TeamsApi: keeps TeamSummary rows in an array, records drafts, and fails on request. */
export class FakeTeamsApi implements TeamsApi {
  teams: TeamSummary[];
  readonly drafts: { readonly call: 'create' | 'update'; readonly teamId: string | null; readonly draft: TeamDraft }[] = [];
  readonly calls: Call[] = [];
  /** How many of the next calls of each kind reject. */
  readonly failures: Record<Call, number> = { list: 0, create: 0, update: 0, remove: 0 };
  /** When set, the next call of that kind waits until the returned release function is called. */
  private readonly gates = new Map<Call, Promise<void>>();
  private nextId = 1;

  constructor(
    teams: readonly TeamSummary[] = [],
    private readonly userId = 'ana',
    private readonly now = () => Date.UTC(2026, 0, 15, 12),
  ) {
    this.teams = [...teams];
  }

  /** The message the failures reject with; by default one no screen shows as it is. */
  private failureMessage: string | null = null;

  failNext(call: Call, times = 1, message: string | null = null): void {
    this.failures[call] = times;
    this.failureMessage = message;
  }

  /** Every call of `call` rejects until `recover(call)`. */
  breakDown(call: Call): void {
    this.failures[call] = Number.POSITIVE_INFINITY;
  }

  recover(call: Call): void {
    this.failures[call] = 0;
  }

  /** Holds the next call of `call` until the returned function runs. */
  hold(call: Call): () => void {
    let release: (() => void) | undefined;
    this.gates.set(
      call,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      release?.();
    };
  }

  private async enter(call: Call): Promise<void> {
    this.calls.push(call);
    const gate = this.gates.get(call);
    if (gate) {
      this.gates.delete(call);
      await gate;
    }
    if (this.failures[call] > 0) {
      this.failures[call] -= 1;
      throw new Error(this.failureMessage ?? `${call} failed (test)`);
    }
  }

  /** What the next lists say besides the teams: damaged ones, an answer from the device copy. */
  flagged: FlaggedTeam[] = [];
  fromDevice = false;
  /** Named by the next list only, as the data layer names the teams it dropped once. */
  left: LeftTeamNotice[] = [];

  async list(): Promise<TeamsListing> {
    await this.enter('list');
    const left = this.left;
    this.left = [];
    return {
      teams: [...this.teams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      flagged: [...this.flagged],
      fromDevice: this.fromDevice,
      left,
    };
  }

  async create(draft: TeamDraft): Promise<void> {
    await this.enter('create');
    this.drafts.push({ call: 'create', teamId: null, draft });
    this.teams.push(
      team({
        id: `new-${this.nextId++}`,
        name: draft.name,
        description: draft.description ?? null,
        ownerId: this.userId,
        memberCount: 1,
        createdAt: this.now(),
        myRole: 'owner',
      }),
    );
  }

  async update(teamId: string, draft: TeamDraft): Promise<void> {
    await this.enter('update');
    this.drafts.push({ call: 'update', teamId, draft });
    this.teams = this.teams.map((existing) =>
      existing.id === teamId ? { ...existing, name: draft.name, description: draft.description ?? null } : existing,
    );
  }

  async remove(teamId: string): Promise<void> {
    await this.enter('remove');
    this.teams = this.teams.filter((existing) => existing.id !== teamId);
  }
}

export function team(fields: Partial<TeamSummary> & { readonly id: string; readonly name: string }): TeamSummary {
  return {
    description: null,
    ownerId: 'ana',
    memberCount: 1,
    createdAt: Date.UTC(2026, 0, 15, 12),
    myRole: 'owner',
    needsKey: false,
    rotationPending: false,
    ...fields,
  };
}
