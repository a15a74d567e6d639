import { describe, expect, it } from 'vitest';
import { outboxFilesFor } from '../../support/outbox';
import { call, createTeam, db, newUser, refusal } from '../teams/support';

// Issue #16 item 9: an address with a bidi control or a zero-width character is refused wherever
// one enters a callable (inviteTeamMember, sendCustomEmailChange), with a message that says why.

const HIDDEN = { status: 'INVALID_ARGUMENT', message: 'Email addresses cannot contain invisible or text-direction characters.' };
const CHARACTERS = ['\u202E', '\u2066', '\u200F', '\u061C', '\u200B', '\u2060'];

describe('addresses with hidden characters (Auth + Functions + Firestore emulators)', () => {
  it('inviteTeamMember refuses them and stores no invitation', async () => {
    const owner = await newUser('hidden-inviter');
    const teamId = await createTeam(owner, 'Hidden');
    for (const char of CHARACTERS) {
      expect(refusal(await call('inviteTeamMember', { email: `bo${char}@example.com`, teamId, role: 'view' }, owner))).toEqual(HIDDEN);
    }
    expect((await db().collection('invitations').where('teamId', '==', teamId).get()).size).toBe(0);
  });

  it('sendCustomEmailChange refuses them and mails nobody', async () => {
    const user = await newUser('hidden-change', { emailVerified: true });
    for (const char of CHARACTERS) {
      const newEmail = `new${char}@example.com`;
      expect(refusal(await call('sendCustomEmailChange', { newEmail }, user))).toEqual(HIDDEN);
      expect(await outboxFilesFor(newEmail)).toEqual([]);
    }
    expect((await db().collection('emailChanges').where('uid', '==', user.uid).get()).size).toBe(0);
  });
});
