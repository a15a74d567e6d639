// The invitation repository contract against the Firestore emulator, through the rules: each user
// acts with their own token (address `${uid}@example.com`); teams, invitations and user records are
// seeded as the callables and sign-up write them (rules off).
import { doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { describe } from 'vitest';
import { createFirestoreInvitationRepository } from '../../src/data/firestore/firestoreInvitationRepository';
import { userRecordFrom } from '../../src/data/firestore/storedDocuments';
import { invitationRepositoryContract } from '../contract/invitationRepository.contract';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

function seed(path: string, data: object): Promise<void> {
  return env().withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore() as unknown as Firestore, path), { ...data });
  });
}

describe('Firestore invitation repository', () => {
  invitationRepositoryContract(async () => {
    await env().clearFirestore();
    return {
      as: (uid) => Promise.resolve(createFirestoreInvitationRepository(firestoreAs(env(), uid))),
      seedTeam: (teamId, team) => seed(`teams/${teamId}`, team),
      seedInvitation: (inviteId, invitation) => seed(`invitations/${inviteId}`, invitation),
      seedUser: (uid, record) => seed(`users/${uid}`, record),
      storedUser: async (uid) => {
        let found: { pendingTeamKeys: Readonly<Record<string, string>>; updatedAt: number } | null = null;
        await env().withSecurityRulesDisabled(async (context) => {
          const snapshot = await getDoc(doc(context.firestore() as unknown as Firestore, 'users', uid));
          const data = snapshot.data();
          if (data === undefined) return;
          const record = userRecordFrom(snapshot.ref.path, data);
          found = { pendingTeamKeys: record.pendingTeamKeys, updatedAt: record.updatedAt };
        });
        return found;
      },
    };
  });
});
