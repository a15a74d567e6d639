import { describe } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { createInvitationFunctions } from '../../../src/data/functions/invitationFunctions';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import { invitationCallableContract } from '../../contract/invitationCallables.contract';
import { sampleTeam } from '../../contract/teamRepositories.contract';
import { call, db, newTeamId, newUser, teamDoc, type TestUser } from '../teams/support';
import { attachSecretKey, invitationDoc } from './support';

// The invitation callables' contract against the deployed functions (the same suite runs over the
// in-memory fake in tests/unit/invitations/invitationCallables.test.ts). Every reply is read by the
// app's own wrapper, which holds it to its reply schema (src/domain/callables/invitations.ts).

function functionsOf(user?: TestUser) {
  return createInvitationFunctions(async (name, data) => {
    const reply = await call(name, data, user);
    if (reply.error) throw new CallableError(reply.error.status.toLowerCase().replaceAll('_', '-'), reply.error.message);
    return reply.result;
  });
}

describe('the deployed invitation callables', () => {
  invitationCallableContract(() =>
    Promise.resolve({
      seedTeam: async (roles) => {
        const users = new Map<string, TestUser>();
        for (const label of Object.keys(roles)) users.set(label, await newUser(label, { emailVerified: true }));
        const userOf = (label: string): TestUser => {
          const user = users.get(label);
          if (user === undefined) throw new Error(`Nobody was seeded as ${label}`);
          return user;
        };
        const uid = (label: string) => userOf(label).uid;
        const byUid = Object.fromEntries(Object.entries(roles).map(([label, role]) => [uid(label), role]));
        const teamId = newTeamId();
        await db().collection('teams').doc(teamId).set(sampleTeam('Ops', byUid));
        return {
          teamId,
          uid,
          as: (label) => functionsOf(userOf(label)),
          read: async () => ((await teamDoc(teamId)) as StoredTeam | undefined) ?? null,
          invitation: async (inviteId) => (await invitationDoc(inviteId)) ?? null,
          attachLinkKey: async (inviteId) => {
            await attachSecretKey(inviteId);
          },
        };
      },
      person: async (label, verified) => {
        const user = await newUser(label, { emailVerified: verified });
        return { uid: user.uid, email: user.email, functions: functionsOf(user) };
      },
      signedOut: () => functionsOf(),
    }),
  );
});
