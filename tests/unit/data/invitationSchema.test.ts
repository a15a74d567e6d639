import { describe, expect, it } from 'vitest';
import { MalformedRecordError } from '../../../src/data/firestore/fieldChecks';
import { invitationFrom } from '../../../src/data/firestore/storedDocuments';
import { SAMPLE_PROOF_HASH, SAMPLE_SECRET_WRAP, SAMPLE_TEAM_KEY_WRAP, sampleInvitation, sampleSecretInvitation } from '../../contract/invitationRepository.contract';

describe('invitationFrom', () => {
  it.each([
    ['without a key', sampleInvitation()],
    ['with an account’s key', sampleInvitation({ keyVersion: 2, encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP })],
    ['with the secret’s key', sampleSecretInvitation({ keyVersion: 2, encryptedTeamKeyWithSecret: SAMPLE_SECRET_WRAP, proofHash: SAMPLE_PROOF_HASH })],
    ['answered, from an inviter without an address', sampleInvitation({ status: 'declined', respondedAt: 9_000, invitedByEmail: null })],
  ])('accepts a stored invitation %s as it is', (_what, invitation) => {
    expect(invitationFrom('invitations/inv', { ...invitation })).toEqual(invitation);
  });

  it.each([
    ['email', undefined],
    ['email', null],
    ['teamId', 7],
    ['teamName', undefined],
    ['role', 'owner'],
    ['role', 'Admin'],
    ['invitedBy', null],
    ['invitedByEmail', undefined],
    ['status', 'cancelled'],
    ['createdAt', '1000'],
    ['expiresAt', undefined],
    ['userExists', 'true'],
    ['userId', undefined],
    ['keyVersion', '2'],
    ['keyVersion', undefined],
    ['encryptedTeamKey', 1],
    ['encryptedTeamKeyWithSecret', undefined],
    ['proofHash', false],
    ['emailsSent', null],
    ['respondedAt', undefined],
  ])('refuses an invitation whose %s is %j', (field, value) => {
    const data = { ...sampleInvitation(), [field]: value };
    expect(() => invitationFrom('invitations/inv', data)).toThrow(MalformedRecordError);
  });
});
