// Teams for the vault screen bench, made the way the app makes them: the browser's part of
// 'Create Team' (teamService's create: a fresh team key, wrapped for the owner's own published
// key and bound to the team id and key version 1, and its key check) done here, then the deployed
// createTeam callable over the Functions emulator, which writes the team document and the owner's
// teamIds with firebase-admin. The document is the server's own, so the app reads it through the
// rules exactly as it reads a team a user made. Entries go through the app's savePassword with
// the team's key, as a team owner's browser writes them.
import type { Firestore } from 'firebase-admin/firestore';
import { generateTeamKey, importPublicKey, teamKeyCheck, wrapTeamKey, type TeamKey } from '../src/crypto';
import type { ValidPasswordDraft } from '../src/features/vault/form/validatePasswordDraft';
import type { TeamVaultDeps } from '../src/features/vault/vaultService';
import { PROJECT_ID } from './browserEmulator';
import { saveAll } from './browserSeed';

const FUNCTIONS = process.env.KEYLOFT_BENCH_FUNCTIONS ?? `http://127.0.0.1:5001/${PROJECT_ID}/us-central1`;

export interface SeededTeam {
  readonly teamId: string;
  readonly name: string;
  readonly key: TeamKey;
}

export interface TeamOwner {
  readonly uid: string;
  /** The owner's ID token: the callable is called as them. */
  readonly idToken: string;
  /** users/{uid}.publicKey, what the app wraps the owner's own team key for. */
  readonly publicKey: string;
}

/** The team named `name`, owned by `owner`, through the createTeam callable. */
async function createTeam(db: Firestore, owner: TeamOwner, name: string): Promise<SeededTeam> {
  const teamId = db.collection('teams').doc().id;
  const key = await generateTeamKey();
  const binding = { teamId, keyVersion: 1 };
  const encryptedTeamKey = await wrapTeamKey(key, await importPublicKey(owner.publicKey), binding);
  const keyCheck = await teamKeyCheck(key, binding);
  const response = await fetch(`${FUNCTIONS}/createTeam`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.idToken}` },
    body: JSON.stringify({ data: { teamId, name, encryptedTeamKey, keyCheck } }),
  });
  const reply = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (!response.ok || reply.error !== undefined) throw new Error(`createTeam ${name}: ${reply.error?.message ?? String(response.status)}`);
  return { teamId, name, key };
}

/** Entry `j` of team `t`: no 'b' anywhere in its title, url or username (the bench's search for 'b' finds personal entries only). */
export function teamDraft(t: number, j: number): ValidPasswordDraft {
  const team = String(t + 1).padStart(2, '0');
  return {
    title: `Team ${team} item ${String(j).padStart(3, '0')}`,
    url: `https://team-${team}-${j}.example.com`,
    notes: j % 4 === 0 ? `team note ${j}` : null,
    username: `user${j}@team${team}.example.com`,
    password: `tpw-${t}-${j}-${'y'.repeat(12)}`,
    groupId: null,
  };
}

export const teamName = (t: number): string => `Bench Team ${String(t + 1).padStart(2, '0')}`;

/** `teams` teams owned by `owner`, each with `entries` sealed entries written as the owner. */
export async function seedTeams(db: Firestore, owner: TeamOwner, teams: number, entries: number): Promise<SeededTeam[]> {
  const made: SeededTeam[] = [];
  for (let t = 0; t < teams; t += 1) {
    const team = await createTeam(db, owner, teamName(t));
    const deps: Omit<TeamVaultDeps, 'passwords'> = {
      groups: undefined as never,
      userId: owner.uid,
      team: { teamId: team.teamId, key: team.key, keyVersion: 1, role: 'owner' },
      now: () => Date.now(),
      sealedFormat: true,
    };
    await saveAll<TeamVaultDeps>(db, deps, Array.from({ length: entries }, (_, j) => teamDraft(t, j)));
    made.push(team);
  }
  return made;
}
