// Issue #16 item 9: the callables that take no arguments refuse any payload before acting, so a
// junk or forged field ({ confirm: false }, { planId: 'unlimited' }) is never silently ignored.
import { describe, expect, it } from 'vitest';
import { call, db, newUser, refusal, subscription } from '../teams/support';

const JUNK: readonly unknown[] = ['x', Array.from({ length: 10_000 }, () => 0), { confirm: false }, { planId: 'unlimited' }];
const NO_ARGUMENTS = { status: 'INVALID_ARGUMENT', message: 'This call takes no arguments.' };

describe('callables without arguments (Auth + Functions + Firestore emulators)', () => {
  it('deleteAccount refuses every payload but an empty one, and the account stays', async () => {
    const user = await newUser('strict-delete');
    for (const data of JUNK) expect(refusal(await call('deleteAccount', data, user))).toEqual(NO_ARGUMENTS);
    expect((await db().collection('users').doc(user.uid).get()).exists).toBe(true);
  });

  it('downgradeToFree refuses every payload but an empty one, and the plan stays', async () => {
    const user = await newUser('strict-downgrade', { subscription: { ...subscription('unlimited', 'trialing'), isFreeTrialOnly: true } });
    for (const data of JUNK) expect(refusal(await call('downgradeToFree', data, user))).toEqual(NO_ARGUMENTS);
    expect((await db().collection('users').doc(user.uid).get()).get('subscription.planId')).toBe('unlimited');
  });
});
