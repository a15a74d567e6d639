import { isTeamVault, type VaultDeps } from '../vaultService';
import { VaultSession } from './vaultSession';

/**
 * Which session a scope's deps belong to. A team's role and key version are part of it: a new
 * role or a rotated key starts the team's list afresh; the same team opened again does not.
 */
export function sessionKey(deps: VaultDeps): string {
  if (!isTeamVault(deps)) return vaultKey(deps);
  const { keyVersion, role } = deps.team;
  return `${vaultKey(deps)}/${String(keyVersion)}/${role}`;
}

/** Which vault deps open, whatever the key version or role: the user's own, or one team's. */
export function vaultKey(deps: VaultDeps): string {
  return isTeamVault(deps) ? `team/${deps.team.teamId}` : `personal/${deps.userId}`;
}

type Listener = () => void;

/**
 * The open vaults of one unlocked session (issue #21): each scope is loaded and decrypted once and
 * kept while the keys are held, so switching between vaults shows them at once. `clear` stops and
 * forgets every one (lock, logout).
 */
export class VaultSessions {
  private readonly sessions = new Map<string, VaultSession>();
  private readonly listeners = new Set<Listener>();

  /** The session of `deps`' scope, made (not started) on first use. */
  sessionFor(deps: VaultDeps): VaultSession {
    const key = sessionKey(deps);
    const known = this.sessions.get(key);
    if (known !== undefined) return known;
    // A team's older key version or role is over: its session stops and goes.
    if (isTeamVault(deps)) {
      const prefix = `team/${deps.team.teamId}/`;
      for (const [other, session] of this.sessions) {
        if (other.startsWith(prefix)) {
          session.stop();
          this.sessions.delete(other);
        }
      }
    }
    const session = new VaultSession(deps);
    this.sessions.set(key, session);
    this.notify();
    return session;
  }

  /** The session of a team, if one is open (any key version). */
  teamSession(teamId: string): VaultSession | undefined {
    const prefix = `team/${teamId}/`;
    for (const [key, session] of this.sessions) if (key.startsWith(prefix)) return session;
    return undefined;
  }

  /** Stops and forgets a team's session (the user left it, or it was deleted). */
  dropTeam(teamId: string): void {
    const session = this.teamSession(teamId);
    if (session === undefined) return;
    session.stop();
    for (const [key, candidate] of this.sessions) if (candidate === session) this.sessions.delete(key);
    this.notify();
  }

  /** Stops and forgets the sessions of every team not in `teamIds` (left, removed, deleted): their entries leave memory. */
  retainTeams(teamIds: ReadonlySet<string>): void {
    for (const [key, session] of this.sessions) {
      const teamId = key.startsWith('team/') ? key.split('/')[1] : undefined;
      if (teamId === undefined || teamIds.has(teamId)) continue;
      session.stop();
      this.sessions.delete(key);
    }
  }

  /** Every open session, in the order they were opened. */
  all(): readonly VaultSession[] {
    return [...this.sessions.values()];
  }

  /** Called when a session is opened or dropped (not on changes inside one: subscribe to it for those). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  readonly clear = (): void => {
    for (const session of this.sessions.values()) session.stop();
    this.sessions.clear();
    this.notify();
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
