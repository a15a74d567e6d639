// Issue #18 item 0: offline, getDocs answered from the local cache, and a vault whose load failed
// was shown as empty ('No passwords yet…'). Every repository read now goes to the server, so an
// unreachable server is an error the screens show as 'Failed to load …', never an empty list.
import { disableNetwork, enableNetwork } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { createFirestoreInvitationRepository } from '../../src/data/firestore/firestoreInvitationRepository';
import { createFirestoreTeamRepository } from '../../src/data/firestore/firestoreTeamRepositories';
import { createFirestoreUserRepository } from '../../src/data/firestore/firestoreUserRepository';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { sampleEntry } from '../contract/vaultRepositories.contract';
import { seedLiveTrial } from './planSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

describe('reads never answer from the cache', () => {
  it('with the network gone, every list and record read fails instead of answering empty or stale; back online they answer', async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    const db = firestoreAs(env(), 'ana');
    const passwords = createFirestorePasswordRepository(db);
    const groups = createFirestoreGroupRepository(db);
    const teams = createFirestoreTeamRepository(db);
    const users = createFirestoreUserRepository(db);
    const invitations = createFirestoreInvitationRepository(db);
    await passwords.create(passwords.newId(), sampleEntry('ana', 'Bank'));
    // Read once online, so the SDK's cache holds the answers a cached read would give.
    expect((await passwords.scanPersonal('ana')).items).toHaveLength(1);
    await groups.scanPersonal('ana');
    await teams.listForMember('ana');
    await invitations.listPendingForEmail('ana@example.com');

    await disableNetwork(db);
    const offline = [
      passwords.scanPersonal('ana'),
      passwords.listPersonal('ana'),
      groups.scanPersonal('ana'),
      teams.listForMember('ana'),
      teams.get('team-x'),
      users.get('ana'),
      invitations.listPendingForEmail('ana@example.com'),
    ];
    for (const read of offline) await expect(read).rejects.toMatchObject({ code: 'unavailable' });

    await enableNetwork(db);
    expect((await passwords.listPersonal('ana')).map((entry) => entry.data.title)).toEqual(['Bank']);
  });
});
