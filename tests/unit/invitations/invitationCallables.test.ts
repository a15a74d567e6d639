import { describe } from 'vitest';
import { inviteProofHash } from '../../../src/crypto/invite';
import type { InvitationFunctions } from '../../../src/data/invitations/storedInvitations';
import { generateSharedSecret } from '../../../src/crypto';
import { invitationCallableContract } from '../../contract/invitationCallables.contract';
import { sampleTeam } from '../../contract/teamRepositories.contract';
import { base64OfBytes, sampleUserRecord } from '../../contract/userRepository.contract';
import { FakeInvitationFunctions, SIGNED_OUT, type InvitationAccount } from '../../doubles/fakeInvitationFunctions';
import { MemoryInvitationRepository } from '../../doubles/memoryInvitationRepository';
import { MemoryTeamRepository } from '../../doubles/memoryTeamRepositories';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { forgedSealed } from '../../support/forgedCiphertext';

// The invitation callables' contract over the in-memory fake (the same suite runs against the
// deployed functions in tests/emulator/invitations/callableContract.test.ts). People are known by
// their label: uid 'bo', address 'bo@example.com', as sampleTeam names its members.

describe('the in-memory invitation callables (the fake the invitation screens are tested over)', () => {
  invitationCallableContract(() => {
    const users = new MemoryUserRepository();
    const teams = new MemoryTeamRepository();
    const invitations = new MemoryInvitationRepository(users, teams);
    const accounts: InvitationAccount[] = [];
    let acting = SIGNED_OUT;
    const fake = new FakeInvitationFunctions(() => acting, invitations, teams, users, accounts);
    /** The fake's calls, each made as `uid`. */
    const as = (uid: string): InvitationFunctions =>
      new Proxy(fake, {
        get(target, property, receiver) {
          acting = uid;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
    const account = async (uid: string, verified: boolean): Promise<string> => {
      const email = `${uid}@example.com`;
      accounts.push({ uid, email, verified });
      await users.create(uid, { ...sampleUserRecord(), email });
      return email;
    };
    let next = 1;
    return Promise.resolve({
      seedTeam: async (roles) => {
        const teamId = `team-${String(next++)}`;
        for (const label of Object.keys(roles)) await account(label, true);
        teams.put(teamId, sampleTeam('Ops', roles));
        return {
          teamId,
          uid: (label) => label,
          as,
          read: () => teams.get(teamId),
          invitation: async (inviteId) => (await invitations.get(inviteId))?.data ?? null,
          attachLinkKey: async (inviteId) =>
            invitations.attachKey(inviteId, {
              kind: 'secret',
              keyVersion: (await teams.get(teamId))!.keyVersion,
              encryptedTeamKeyWithSecret: forgedSealed<'invite-team-key'>(base64OfBytes(60)),
              proofHash: await inviteProofHash(generateSharedSecret()),
            }),
        };
      },
      person: async (label, verified) => ({ uid: label, email: await account(label, verified), functions: as(label) }),
      signedOut: () => as(SIGNED_OUT),
    });
  });
});
