import { describe } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { createTeamFunctions } from '../../../src/data/functions/teamFunctions';
import { createTeamReply, rotateTeamKeyReply, teamDoneReply } from '@keyloft/contract/callables/teams';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import { sampleTeam } from '../../contract/teamRepositories.contract';
import { teamCallableContract } from '../../contract/teamCallables.contract';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { call, db, newTeamId, newUser, subscription, teamDoc, type TestUser } from './support';

// The team callables' contract against the deployed functions (the same suite runs over the
// in-memory fake in tests/unit/teams/teamCallables.test.ts). Every reply is also held to its
// reply schema (src/domain/callables/teams.ts), including those the app's wrapper does not read.

const REPLIES: Readonly<Record<string, { safeParse(value: unknown): { success: boolean } }>> = {
  createTeam: createTeamReply,
  rotateTeamKey: rotateTeamKeyReply,
};

function functionsOf(user: TestUser) {
  return createTeamFunctions(async (name, data) => {
    const reply = await call(name, data, user);
    if (reply.error) throw new CallableError(reply.error.status.toLowerCase().replaceAll('_', '-'), reply.error.message);
    if (!(REPLIES[name] ?? teamDoneReply).safeParse(reply.result).success) throw new Error(`${name} answered outside its reply schema: ${JSON.stringify(reply.result)}`);
    return reply.result;
  });
}

async function readTeam(teamId: string): Promise<StoredTeam | null> {
  return ((await teamDoc(teamId)) as StoredTeam | undefined) ?? null;
}

describe('the deployed team callables', () => {
  teamCallableContract(() =>
    Promise.resolve({
      seedTeam: async (roles, overrides) => {
        const users = new Map<string, TestUser>();
        for (const label of Object.keys(roles)) users.set(label, await newUser(label));
        const uid = (label: string) => users.get(label)!.uid;
        const byUid = Object.fromEntries(Object.entries(roles).map(([label, role]) => [uid(label), role]));
        const teamId = newTeamId();
        await db().collection('teams').doc(teamId).set(sampleTeam('Ops', byUid, overrides));
        // The callables read only an entry's team and keyVersion; the rest of it is left out.
        const plantEntry = async (keyVersion: number) => {
          await db().collection('passwords').doc().set({ teamId, userId: null, keyVersion, title: 'Entry' });
        };
        return { teamId, uid, as: (label) => functionsOf(users.get(label)!), read: () => readTeam(teamId), plantEntry };
      },
      outsider: async (label) => functionsOf(await newUser(label)),
      account: async (label, plan) => {
        const user = await newUser(label, { subscription: plan === 'trial' ? { ...newTrialSubscription(Date.now()) } : subscription('free') });
        return { uid: user.uid, functions: functionsOf(user) };
      },
      newTeamId,
      readTeam,
    }),
  );
});
