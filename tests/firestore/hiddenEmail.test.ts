// Issue #16 item 9 in the rules: a user record never stores an address with a bidi control or a
// zero-width character, even when the Auth token carries one (the forms refuse it first, with a
// message; the rules are the backstop for any other client).
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { sampleUserRecord } from '../contract/userRepository.contract';
import { tokenFor, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();
let env: RulesTestEnvironment;

const HIDDEN = ['\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

beforeEach(async () => {
  env = environment();
  await env.clearFirestore();
});

function create(uid: string, email: string) {
  const db = env.authenticatedContext(uid, tokenFor(uid, { email })).firestore();
  return setDoc(doc(db, `users/${uid}`), { ...sampleUserRecord(Date.now()), email });
}

describe('user records and hidden characters in the address', () => {
  it.each(HIDDEN.map((char) => [`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, char]))(
    'refuses a record whose (token) address holds %s',
    async (_name, char) => {
      await assertFails(create('bob', `bo${char}b@example.com`));
    },
  );

  it('allows the same record with a plain address', async () => {
    await assertSucceeds(create('bob', 'bob@example.com'));
  });
});
