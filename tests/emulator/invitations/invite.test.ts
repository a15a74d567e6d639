import { beforeAll, describe, expect, it } from 'vitest';
import { generateSharedSecret } from '../../../src/crypto';
import { INVITATION_TTL_MS, RATE_LIMIT_WINDOW_MS } from '@keyloft/contract/invitations';
import { uniqueEmail } from '../../support/authEmulator';
import { outboxFilesFor } from '../../support/outbox';
import { addMember, call, createTeam, db, newTeamId, newUser, refusal, verified, type TestUser } from '../teams/support';
import { attachAccountKey, attachSecretKey, everyDocumentText, expire, invitationDoc, invitationRef, invite } from './support';

// inviteTeamMember, sendInvitationEmailWithSecret and lookupInvitation end to end: users on the
// Auth emulator call the deployed functions on the Functions emulator, which write to the
// Firestore emulator and "send" email to the outbox (functions/outbox).

const APP = 'http://127.0.0.1:5173';
const denied = (message: string) => ({ status: 'PERMISSION_DENIED', message });
const NOT_FOUND = { status: 'NOT_FOUND', message: 'This invitation does not exist or has been removed.' };
const NOT_VALID = { status: 'FAILED_PRECONDITION', message: 'This invitation has already been accepted or is no longer valid.' };
const TOO_MANY = { status: 'RESOURCE_EXHAUSTED', message: 'Too many invitations. Please try again later.' };

let owner: TestUser;
let admin: TestUser;
let full: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let teamId: string;

beforeAll(async () => {
  [owner, admin, full, viewer, outsider] = await Promise.all([
    newUser('inv-owner'),
    newUser('inv-admin'),
    newUser('inv-full'),
    newUser('inv-viewer'),
    newUser('inv-outsider'),
  ]);
  teamId = await createTeam(owner, 'Night Ops');
  await addMember(teamId, owner, admin, 'admin');
  await addMember(teamId, owner, full, 'full');
  await addMember(teamId, owner, viewer, 'view', false);
});

describe('inviteTeamMember', () => {
  it('creates the pending invitation of docs/invitations.md for an address without an account, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const result = await invite(owner, teamId, `  ${email.toUpperCase()} `, 'full');
    expect(result).toEqual({ inviteId: expect.stringMatching(/^[A-Za-z0-9]{20}$/) as string, message: `Invitation created for ${email}` });
    const stored = await invitationDoc(result.inviteId);
    expect(stored).toEqual({
      email,
      teamId,
      teamName: 'Night Ops',
      role: 'full',
      invitedBy: owner.uid,
      invitedByEmail: owner.email,
      status: 'pending',
      createdAt: expect.any(Number) as number,
      expiresAt: stored!.createdAt + INVITATION_TTL_MS,
      userExists: false,
      userId: null,
      keyVersion: null,
      encryptedTeamKey: null,
      encryptedTeamKeyWithSecret: null,
      proofHash: null,
      emailsSent: 0,
      respondedAt: null,
    });
    expect(Math.abs(stored!.createdAt - Date.now())).toBeLessThan(60_000);
    expect(await outboxFilesFor(email)).toEqual([]);
    // Counted for the team and for the inviter, in the server-only rateLimits collection.
    expect((await db().collection('rateLimits').doc(`invites-team-${teamId}`).get()).get('times')).toContain(stored!.createdAt);
    expect((await db().collection('rateLimits').doc(`invites-by-${owner.uid}`).get()).get('times')).toContain(stored!.createdAt);
  });

  it('answers alike whether an account has the address, verified or not: no account, no uid is revealed or stored', async () => {
    const [bo, squatter] = await Promise.all([newUser('inv-bo', { emailVerified: true }), newUser('inv-squatter')]);
    const nobody = uniqueEmail('inv-nobody');
    const replies = [
      await call<Record<string, unknown>>('inviteTeamMember', { email: bo.email.toUpperCase(), teamId, role: 'admin' }, owner),
      await call<Record<string, unknown>>('inviteTeamMember', { email: squatter.email, teamId, role: 'admin' }, owner),
      await call<Record<string, unknown>>('inviteTeamMember', { email: nobody, teamId, role: 'admin' }, owner),
    ];
    for (const [reply, email] of [[replies[0], bo.email], [replies[1], squatter.email], [replies[2], nobody]] as const) {
      expect(Object.keys(reply?.result ?? {}).sort()).toEqual(['inviteId', 'message']);
      expect(reply?.result?.message).toBe(`Invitation created for ${email}`);
      const stored = await invitationDoc(reply!.result!.inviteId as string);
      expect(stored).toMatchObject({ userExists: false, userId: null, email, role: 'admin', encryptedTeamKey: null });
    }
    expect(JSON.stringify(replies)).not.toContain(bo.uid);
    expect(JSON.stringify(replies)).not.toContain(squatter.uid);
  });

  it('refuses a signed-out caller, a bad address and any role but Admin, Full Access or View Only', async () => {
    const email = uniqueEmail('bad');
    expect(refusal(await call('inviteTeamMember', { email, teamId, role: 'view' }))).toMatchObject({ status: 'UNAUTHENTICATED' });
    for (const bad of ['', 'not-an-address', 'a@b', 42]) {
      expect(refusal(await call('inviteTeamMember', { email: bad, teamId, role: 'view' }, owner))).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'Please enter a valid email address',
      });
    }
    for (const role of ['owner', 'editor', null]) {
      expect(refusal(await call('inviteTeamMember', { email, teamId, role }, owner))).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'Choose Admin, Full Access or View Only',
      });
    }
  });

  it('lets only the owner invite', async () => {
    const email = uniqueEmail('perm');
    for (const who of [admin, full, viewer]) {
      expect(refusal(await call('inviteTeamMember', { email, teamId, role: 'view' }, who))).toEqual(denied('Only the team owner can add members'));
    }
    expect(refusal(await call('inviteTeamMember', { email, teamId, role: 'view' }, outsider))).toEqual(denied('You are not a member of this team'));
    const query = await db().collection('invitations').where('email', '==', email).get();
    expect(query.empty).toBe(true);
  });

  it('answers not-found for a team that does not exist or is being deleted', async () => {
    const email = uniqueEmail('gone');
    expect(refusal(await call('inviteTeamMember', { email, teamId: newTeamId(), role: 'view' }, owner))).toEqual({ status: 'NOT_FOUND', message: 'Team not found' });
    const other = await createTeam(owner, 'Doomed');
    await db().collection('teams').doc(other).update({ deleting: true });
    expect(refusal(await call('inviteTeamMember', { email, teamId: other, role: 'view' }, owner))).toEqual({ status: 'NOT_FOUND', message: 'Team not found' });
  });

  it('refuses a member’s address and a second open invitation; an expired one can be replaced', async () => {
    expect(refusal(await call('inviteTeamMember', { email: full.email.toUpperCase(), teamId, role: 'view' }, owner))).toEqual({
      status: 'ALREADY_EXISTS',
      message: 'This email address is already a member of the team',
    });
    const email = uniqueEmail('twice');
    const first = await invite(owner, teamId, email);
    expect(refusal(await call('inviteTeamMember', { email, teamId, role: 'admin' }, owner))).toEqual({
      status: 'ALREADY_EXISTS',
      message: 'An invitation has already been sent to this email address',
    });
    await expire(first.inviteId);
    const second = await invite(owner, teamId, email);
    expect(second.inviteId).not.toBe(first.inviteId);
  });

  it('stops at 20 invitations per team in a rolling hour', async () => {
    const limited = await createTeam(owner, 'Busy');
    const now = Date.now();
    const key = db().collection('rateLimits').doc(`invites-team-${limited}`);
    await key.set({ times: Array.from({ length: 20 }, (_, index) => now - 60_000 - index), updatedAt: now });
    expect(refusal(await call('inviteTeamMember', { email: uniqueEmail('limit'), teamId: limited, role: 'view' }, owner))).toEqual(TOO_MANY);
    // Older than an hour no longer counts; the document keeps only the last hour's.
    await key.set({ times: Array.from({ length: 20 }, (_, index) => now - RATE_LIMIT_WINDOW_MS - 1000 - index), updatedAt: now });
    await invite(owner, limited, uniqueEmail('limit'));
    expect((await key.get()).get('times')).toHaveLength(1);
  });

  it('stops at 30 invitations per inviter in a rolling hour, across teams', async () => {
    const busy = await newUser('inv-busy');
    const [first, second] = [await createTeam(busy, 'One'), await createTeam(busy, 'Two')];
    const now = Date.now();
    await db().collection('rateLimits').doc(`invites-by-${busy.uid}`).set({ times: Array.from({ length: 29 }, (_, index) => now - 1000 - index), updatedAt: now });
    await invite(busy, first, uniqueEmail('thirtieth'));
    expect(refusal(await call('inviteTeamMember', { email: uniqueEmail('31st'), teamId: second, role: 'view' }, busy))).toEqual(TOO_MANY);
  });
});

describe('sendInvitationEmailWithSecret', () => {
  it('emails an account’s invitation with a link to the accept page and counts it', async () => {
    const bo = await newUser('send-bo');
    const { inviteId } = await invite(owner, teamId, bo.email, 'full');
    await attachAccountKey(inviteId);
    expect(await call('sendInvitationEmailWithSecret', { inviteId }, owner)).toEqual({ result: { sent: true } });
    const [email, ...more] = await outboxFilesFor(bo.email);
    expect(more).toEqual([]);
    expect(email!.subject).toBe('Invitation to join "Night Ops" on Keyloft');
    expect(email!.links).toEqual([`${APP}/accept-invite?inviteId=${inviteId}`]);
    for (const body of [email!.text, email!.html]) {
      expect(body).toContain('Night Ops');
      expect(body).toContain(owner.email);
      expect(body).toContain('Full Access');
      expect(body).toMatch(/expires on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC/);
    }
    expect((await invitationDoc(inviteId))?.emailsSent).toBe(1);
  });

  it('puts the secret in the link’s fragment and nowhere in the database', async () => {
    const email = uniqueEmail('send-secret');
    const { inviteId } = await invite(owner, teamId, email);
    const { secret } = await attachSecretKey(inviteId);
    expect(await call('sendInvitationEmailWithSecret', { inviteId, sharedSecret: secret }, owner)).toEqual({ result: { sent: true } });

    const [message] = await outboxFilesFor(email);
    const link = `${APP}/accept-invite?inviteId=${inviteId}#secret=${secret}`;
    expect(message!.links).toEqual([link]);
    expect(message!.text).toContain(link);
    expect(new URL(link).search).toBe(`?inviteId=${inviteId}`);
    expect(message!.subject).not.toContain(secret);

    const stored = await invitationDoc(inviteId);
    expect(stored?.emailsSent).toBe(1);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const everything = await everyDocumentText();
    expect(everything).toContain(inviteId);
    expect(everything).not.toContain(secret);
  });

  it('lets only the inviter send, only for an open invitation, at most 3 times', async () => {
    const email = uniqueEmail('send-refusals');
    const { inviteId } = await invite(owner, teamId, email);
    expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId }))).toMatchObject({ status: 'UNAUTHENTICATED' });
    for (const who of [admin, outsider]) {
      expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId }, who))).toEqual(denied('Only the person who sent this invitation can email it'));
    }
    expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId: db().collection('invitations').doc().id }, owner))).toEqual(NOT_FOUND);
    for (let sent = 1; sent <= 3; sent += 1) {
      expect(await call('sendInvitationEmailWithSecret', { inviteId }, owner)).toEqual({ result: { sent: true } });
    }
    expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId }, owner))).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: 'This invitation has been emailed too many times. Cancel it and invite again.',
    });
    expect(await outboxFilesFor(email)).toHaveLength(3);
    expect((await invitationDoc(inviteId))?.emailsSent).toBe(3);

    const other = await invite(owner, teamId, uniqueEmail('send-expired'));
    await expire(other.inviteId);
    expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId: other.inviteId }, owner))).toEqual(NOT_VALID);
    await invitationRef(other.inviteId).update({ expiresAt: Date.now() + 60_000, status: 'declined' });
    expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId: other.inviteId }, owner))).toEqual(NOT_VALID);
  });

  it('takes a secret only for an invitation keyed for one, and only its own', async () => {
    const bo = await newUser('send-wrong-secret');
    const forAccount = await invite(owner, teamId, bo.email);
    await attachAccountKey(forAccount.inviteId);
    const secret = generateSharedSecret();
    const refused = await call('sendInvitationEmailWithSecret', { inviteId: forAccount.inviteId, sharedSecret: secret }, owner);
    expect(refusal(refused)).toEqual({ status: 'INVALID_ARGUMENT', message: 'This invitation has no key for a link secret; send it without one.' });

    const email = uniqueEmail('send-mismatch');
    const forLink = await invite(owner, teamId, email);
    await attachSecretKey(forLink.inviteId);
    expect(refusal(await call('sendInvitationEmailWithSecret', { inviteId: forLink.inviteId, sharedSecret: secret }, owner))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'This secret does not belong to this invitation.',
    });
    const malformed = await call('sendInvitationEmailWithSecret', { inviteId: forLink.inviteId, sharedSecret: `${secret}=` }, owner);
    expect(refusal(malformed)?.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(malformed)).not.toContain(secret);
    expect(await outboxFilesFor(bo.email)).toEqual([]);
    expect(await outboxFilesFor(email)).toEqual([]);
    expect((await invitationDoc(forLink.inviteId))?.emailsSent).toBe(0);
  });
});

describe('lookupInvitation', () => {
  it('shows a signed-out visitor the address, the team name and whether a verified account has the address (now)', async () => {
    const email = uniqueEmail('lookup');
    const { inviteId } = await invite(owner, teamId, email);
    expect(await call('lookupInvitation', { inviteId })).toEqual({ result: { email, teamName: 'Night Ops', accountExists: false } });
    // Someone registers the address without proving it: still no account, as far as anyone can tell.
    const squatter = await newUser('lookup', { email });
    expect(await call('lookupInvitation', { inviteId })).toEqual({ result: { email, teamName: 'Night Ops', accountExists: false } });
    await verified(squatter);
    expect(await call('lookupInvitation', { inviteId })).toEqual({ result: { email, teamName: 'Night Ops', accountExists: true } });
  });

  it('answers not-found, invalid-argument for a malformed id, and not valid for a closed invitation or a team that is gone', async () => {
    expect(refusal(await call('lookupInvitation', { inviteId: db().collection('invitations').doc().id }))).toEqual(NOT_FOUND);
    for (const inviteId of ['', 'a/b', 'x'.repeat(129), 5]) {
      expect(refusal(await call('lookupInvitation', { inviteId }))?.status).toBe('INVALID_ARGUMENT');
    }

    const expired = await invite(owner, teamId, uniqueEmail('lookup-expired'));
    await expire(expired.inviteId);
    expect(refusal(await call('lookupInvitation', { inviteId: expired.inviteId }))).toEqual(NOT_VALID);

    const accepted = await invite(owner, teamId, uniqueEmail('lookup-accepted'));
    await invitationRef(accepted.inviteId).update({ status: 'accepted', respondedAt: Date.now() });
    expect(refusal(await call('lookupInvitation', { inviteId: accepted.inviteId }))).toEqual(NOT_VALID);

    const doomed = await createTeam(owner, 'Doomed');
    const deleting = await invite(owner, doomed, uniqueEmail('lookup-deleting'));
    await db().collection('teams').doc(doomed).update({ deleting: true });
    expect(refusal(await call('lookupInvitation', { inviteId: deleting.inviteId }))).toEqual(NOT_VALID);
    await db().collection('teams').doc(doomed).delete();
    expect(refusal(await call('lookupInvitation', { inviteId: deleting.inviteId }))).toEqual(NOT_VALID);
  });
});
