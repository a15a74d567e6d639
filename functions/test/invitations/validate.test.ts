import { describe, expect, it } from 'vitest';
import { readInvitation } from '../../src/invitations/model';
import { isBase64Url32, parseInviteId, parseInviteTeamMember, parseLookupInvitation, parseRespond, parseSendInvitationEmail } from '../../src/invitations/validate';
import { invalid, refusalOf } from '../support/refusal';
import { INVITE_ID, generateSharedSecret, invitation } from './fixtures';

describe('parseInviteTeamMember', () => {
  it('refuses an address with a bidi control or zero-width character, saying so', () => {
    for (const char of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060']) {
      expect(refusalOf(() => parseInviteTeamMember({ email: `bo${char}@example.com`, teamId: 'T1', role: 'view' }))).toEqual(
        invalid('Email addresses cannot contain invisible or text-direction characters.'),
      );
    }
  });

  it('trims and lower-cases the address', () => {
    expect(parseInviteTeamMember({ email: '  Bo@Example.COM ', teamId: 'T1', role: 'view' })).toEqual({
      email: 'bo@example.com',
      teamId: 'T1',
      role: 'view',
    });
  });

  it('refuses an address without the basic shape', () => {
    for (const email of [undefined, 42, '', 'bo', 'bo@example', 'b o@example.com', `${'a'.repeat(320)}@example.com`]) {
      expect(refusalOf(() => parseInviteTeamMember({ email, teamId: 'T1', role: 'view' }))).toEqual(invalid('Please enter a valid email address'));
    }
  });

  it('takes Admin, Full Access or View Only, never the owner role', () => {
    for (const role of ['admin', 'full', 'view']) expect(parseInviteTeamMember({ email: 'a@b.co', teamId: 'T1', role }).role).toBe(role);
    for (const role of ['owner', 'Admin', '', undefined, 1]) {
      expect(refusalOf(() => parseInviteTeamMember({ email: 'a@b.co', teamId: 'T1', role }))).toEqual(invalid('Choose Admin, Full Access or View Only'));
    }
  });

  it('refuses a bad team id and unknown fields', () => {
    expect(refusalOf(() => parseInviteTeamMember({ email: 'a@b.co', teamId: 'a/b', role: 'view' }))).toEqual(invalid('teamId must be a document id.'));
    expect(refusalOf(() => parseInviteTeamMember({ email: 'a@b.co', teamId: 'T1', role: 'view', userId: 'x' }))).toEqual(invalid('Unexpected field: userId.'));
    expect(refusalOf(() => parseInviteTeamMember('a@b.co'))).toEqual(invalid('The request must be an object.'));
  });
});

describe('invitation ids', () => {
  it('are 1 to 128 characters of [A-Za-z0-9_-]', () => {
    expect(parseLookupInvitation({ inviteId: INVITE_ID })).toEqual({ inviteId: INVITE_ID });
    expect(parseLookupInvitation({ inviteId: 'a'.repeat(128) }).inviteId).toHaveLength(128);
    for (const inviteId of [undefined, '', 'a'.repeat(129), 'a.b', 'a/b', '__x__', 7]) {
      expect(refusalOf(() => parseLookupInvitation({ inviteId }))).toEqual(invalid('inviteId must be an invitation id.'));
    }
  });

  it('takes the link’s accept proof when given, and only a well-formed one', () => {
    const proof = generateSharedSecret();
    expect(parseLookupInvitation({ inviteId: INVITE_ID, proof })).toEqual({ inviteId: INVITE_ID, proof });
    expect(parseLookupInvitation({ inviteId: INVITE_ID, proof: null })).toEqual({ inviteId: INVITE_ID });
    for (const bad of ['short', `${proof}=`, 7]) {
      expect(refusalOf(() => parseLookupInvitation({ inviteId: INVITE_ID, proof: bad }))).toEqual(
        invalid('proof must be the 43-character accept proof of the invitation link.'),
      );
    }
    expect(refusalOf(() => parseInviteId({ inviteId: INVITE_ID, proof }))).toMatchObject({ code: 'invalid-argument' });
    expect(parseInviteId({ inviteId: INVITE_ID })).toEqual({ inviteId: INVITE_ID });
  });
});

describe('parseSendInvitationEmail', () => {
  const badSecret = invalid('sharedSecret must be the 43-character secret of the invitation link.');

  it('takes an optional 32-byte base64url secret', () => {
    const secret = generateSharedSecret();
    expect(parseSendInvitationEmail({ inviteId: INVITE_ID, sharedSecret: secret })).toEqual({ inviteId: INVITE_ID, sharedSecret: secret });
    expect(parseSendInvitationEmail({ inviteId: INVITE_ID })).toEqual({ inviteId: INVITE_ID });
    expect(parseSendInvitationEmail({ inviteId: INVITE_ID, sharedSecret: null })).toEqual({ inviteId: INVITE_ID });
  });

  it('refuses anything else as a secret, without repeating it', () => {
    const secret = generateSharedSecret();
    const plain = Buffer.from(secret, 'base64url').toString('base64');
    const nonCanonical = `${secret.slice(0, 42)}${secret.endsWith('B') ? 'C' : 'B'}`;
    for (const sharedSecret of [secret.slice(1), `${secret}A`, plain, nonCanonical, `${secret.slice(0, 42)}=`, 12, '']) {
      const refused = refusalOf(() => parseSendInvitationEmail({ inviteId: INVITE_ID, sharedSecret }));
      expect(refused).toEqual(badSecret);
    }
    expect(refusalOf(() => parseSendInvitationEmail({ inviteId: INVITE_ID, secret }))).toEqual(invalid('Unexpected field: secret.'));
  });
});

describe('parseRespond', () => {
  it('takes an invitation id and an optional 32-byte base64url proof', () => {
    const proof = generateSharedSecret();
    expect(parseRespond({ inviteId: INVITE_ID, proof })).toEqual({ inviteId: INVITE_ID, proof });
    expect(parseRespond({ inviteId: INVITE_ID })).toEqual({ inviteId: INVITE_ID });
    expect(refusalOf(() => parseRespond({ inviteId: INVITE_ID, proof: 'short' }))).toEqual(
      invalid('proof must be the 43-character accept proof of the invitation link.'),
    );
  });

  it('isBase64Url32 takes only the one spelling of 32 bytes', () => {
    expect(isBase64Url32(Buffer.alloc(32, 255).toString('base64url'))).toBe(true);
    expect(isBase64Url32(`${Buffer.alloc(32, 255).toString('base64url').slice(0, 42)}_`)).toBe(false);
  });
});

describe('readInvitation', () => {
  it('reads the stored shape of docs/invitations.md', () => {
    expect(readInvitation({ ...invitation() })).toEqual(invitation());
    expect(readInvitation({ ...invitation({ keyVersion: null, userId: null, invitedByEmail: null, respondedAt: 5 }) })).toEqual(
      invitation({ keyVersion: null, userId: null, invitedByEmail: null, respondedAt: 5 }),
    );
  });

  it('leaves out fields docs/invitations.md does not name', () => {
    expect(readInvitation({ ...invitation(), sharedSecret: 'never stored' })).toEqual(invitation());
  });

  it('refuses anything else', () => {
    const bad: Record<string, unknown>[] = [
      { role: 'owner' },
      { status: 'cancelled' },
      { expiresAt: '2026' },
      { email: null },
      { emailsSent: 1.5 },
      { userExists: 'yes' },
      { proofHash: 3 },
      { keyVersion: '1' },
      { respondedAt: undefined },
    ];
    for (const override of bad) expect(readInvitation({ ...invitation(), ...override })).toBeNull();
    expect(readInvitation(null)).toBeNull();
    expect(readInvitation([])).toBeNull();
  });
});
