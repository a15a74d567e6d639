import { describe, expect, it, vi } from 'vitest';
import type { AuthUser, MfaChallenge, MfaHint } from '../../../src/data/auth/authGateway';
import { authModalState } from '@keyloft/contract/authModalRequest';
import {
  authModalReducer,
  authModalTitle,
  hintToTextAtOnce,
  initialAuthModalState,
  isSignedInView,
  isSignedOutView,
  mfaMethods,
  type AuthModalEvent,
  type AuthModalState,
} from '../../../src/features/auth/authModalMachine';
import { plainError } from '../../../src/features/auth/formError';
import { SIGNED_OUT } from '../../../src/session/sessionState';

const ALICE: AuthUser = { uid: 'alice', email: 'alice@example.com', emailVerified: true, provider: 'password' };
const BOB: AuthUser = { uid: 'bob', email: 'bob@example.com', emailVerified: true, provider: 'google' };
const PHONE: MfaHint = { uid: 'p1', factorId: 'phone', displayName: null, phoneNumber: '+1 ***1234' };
const PHONE_2: MfaHint = { uid: 'p2', factorId: 'phone', displayName: null, phoneNumber: '+44 ***5678' };
const TOTP: MfaHint = { uid: 't1', factorId: 'totp', displayName: null, phoneNumber: null };

function challenge(...hints: MfaHint[]): MfaChallenge {
  return { hints, sendSmsCode: vi.fn(), verify: vi.fn() };
}

function run(state: AuthModalState, ...events: AuthModalEvent[]): AuthModalState {
  return events.reduce(authModalReducer, state);
}

const start = initialAuthModalState(authModalState(false), SIGNED_OUT);

describe('initialAuthModalState', () => {
  it('starts at the choices, on the side and with the email the request gives', () => {
    expect(initialAuthModalState(authModalState(true, { email: 'x@example.com' }), SIGNED_OUT)).toEqual({
      signup: true,
      email: 'x@example.com',
      view: { name: 'choose' },
    });
    expect(initialAuthModalState(null, SIGNED_OUT)).toEqual({ signup: false, email: '', view: { name: 'choose' } });
  });

  it('starts by checking the record of a locked session, whatever the request', () => {
    expect(initialAuthModalState(authModalState(true), { status: 'locked', user: ALICE }).view).toEqual({
      name: 'checking',
      user: ALICE,
      error: null,
    });
  });
});

describe('authModalReducer', () => {
  it('opens the form of the chosen side, and the switch flips between them carrying the email', () => {
    const login = run(start, { type: 'chooseEmail' });
    expect(login.view).toEqual({ name: 'login', error: null });
    const signup = run(login, { type: 'switchMode', email: 'typed@example.com' });
    expect(signup).toEqual({ signup: true, email: 'typed@example.com', view: { name: 'signup' } });
    expect(run(signup, { type: 'switchMode', email: 'again@example.com' })).toEqual({
      signup: false,
      email: 'again@example.com',
      view: { name: 'login', error: null },
    });
  });

  it('flips only the side on the choices screen, and ignores the switch elsewhere', () => {
    expect(run(start, { type: 'switchMode' })).toEqual({ ...start, signup: true });
    const reset = run(start, { type: 'forgotPassword', email: 'a@example.com' });
    expect(run(reset, { type: 'switchMode' })).toBe(reset);
  });

  it('goes to the reset form and back to login with the email', () => {
    const reset = run(start, { type: 'chooseEmail' }, { type: 'forgotPassword', email: 'a@example.com' });
    expect(reset).toMatchObject({ email: 'a@example.com', view: { name: 'reset' } });
    expect(run(reset, { type: 'backToLogin', email: 'b@example.com' })).toEqual({
      signup: false,
      email: 'b@example.com',
      view: { name: 'login', error: null },
    });
  });

  it('returns to the choices keeping the email', () => {
    const login = run(start, { type: 'chooseEmail' });
    expect(run(login, { type: 'backToChoices', email: 'c@example.com' })).toEqual({ ...start, email: 'c@example.com' });
  });

  describe('multi-factor', () => {
    it('goes straight to a lone factor, keeping the email of the login form', () => {
      const state = run(start, { type: 'mfaRequired', challenge: challenge(TOTP), origin: 'login', email: 'a@example.com' });
      expect(state.email).toBe('a@example.com');
      expect(state.view).toMatchObject({ name: 'mfa', hint: TOTP, origin: 'login', sms: 'idle' });
    });

    it('asks for a method among several, picking the first hint of the chosen kind', () => {
      const several = challenge(TOTP, PHONE, PHONE_2);
      const choosing = run(start, { type: 'mfaRequired', challenge: several, origin: 'choose' });
      expect(choosing.view).toMatchObject({ name: 'mfa', hint: null });
      expect(run(choosing, { type: 'mfaMethodChosen', factor: 'phone' }).view).toMatchObject({ hint: PHONE });
      expect(run(choosing, { type: 'mfaMethodChosen', factor: 'totp' }).view).toMatchObject({ hint: TOTP });
    });

    it('ignores a method that has no hint', () => {
      const choosing = run(start, { type: 'mfaRequired', challenge: challenge(PHONE, PHONE_2), origin: 'login' });
      expect(run(choosing, { type: 'mfaMethodChosen', factor: 'totp' })).toBe(choosing);
    });

    it('goes Back to the method choice when there were several hints, else to where it came from', () => {
      const several = run(start, { type: 'mfaRequired', challenge: challenge(TOTP, PHONE), origin: 'login' });
      const verifying = run(several, { type: 'mfaMethodChosen', factor: 'phone' }, { type: 'smsStatus', hintUid: 'p1', status: 'sent' });
      const back = run(verifying, { type: 'mfaBack' });
      expect(back.view).toMatchObject({ name: 'mfa', hint: null, sms: 'idle' });
      expect(run(back, { type: 'mfaBack' }).view).toEqual({ name: 'login', error: null });

      const lone = run(start, { type: 'mfaRequired', challenge: challenge(PHONE), origin: 'choose' });
      expect(run(lone, { type: 'mfaBack' }).view).toEqual({ name: 'choose' });
    });

    it('tracks the SMS of the hint shown, and ignores news about another one', () => {
      const state = run(start, { type: 'mfaRequired', challenge: challenge(PHONE), origin: 'login' });
      expect(run(state, { type: 'smsStatus', hintUid: 'p1', status: 'sending' }).view).toMatchObject({ sms: 'sending' });
      expect(run(state, { type: 'smsStatus', hintUid: 'p2', status: 'failed' })).toBe(state);
      expect(run(start, { type: 'smsStatus', hintUid: 'p1', status: 'sent' })).toBe(start);
    });

    it('brings a failed finish back to the login form with its message', () => {
      const error = plainError('Invalid master password. Please try again.');
      const state = run(start, { type: 'mfaRequired', challenge: challenge(TOTP), origin: 'login' }, { type: 'emailSignInFailed', error });
      expect(state.view).toEqual({ name: 'login', error });
    });
  });

  describe('signed-in users', () => {
    it('moves from the record check to Enter or Set Master Password for that user only', () => {
      const checking = run(start, { type: 'checkRecord', user: ALICE });
      expect(run(checking, { type: 'recordChecked', uid: 'bob', hasRecord: true })).toBe(checking);
      expect(run(checking, { type: 'recordChecked', uid: 'alice', hasRecord: true }).view).toEqual({
        name: 'master-password',
        user: ALICE,
        hasRecord: true,
      });
      expect(run(checking, { type: 'recordChecked', uid: 'alice', hasRecord: false }).view).toMatchObject({ hasRecord: false });
    });

    it('shows a failed check and clears it on retry', () => {
      const error = plainError('offline');
      const failed = run(start, { type: 'checkRecord', user: ALICE }, { type: 'checkFailed', uid: 'alice', error });
      expect(failed.view).toEqual({ name: 'checking', user: ALICE, error });
      expect(run(failed, { type: 'retryCheck' }).view).toEqual({ name: 'checking', user: ALICE, error: null });
      expect(run(start, { type: 'retryCheck' })).toBe(start);
    });

    it('goes to the master-password step after a third-party sign-in', () => {
      expect(run(start, { type: 'thirdPartySignedIn', user: BOB, hasRecord: false }).view).toEqual({
        name: 'master-password',
        user: BOB,
        hasRecord: false,
      });
    });

    it('answers a session turning locked only on signed-out screens', () => {
      for (const state of [start, run(start, { type: 'chooseEmail' }), run(start, { type: 'forgotPassword', email: '' })]) {
        expect(run(state, { type: 'sessionLocked', user: ALICE }).view).toEqual({ name: 'checking', user: ALICE, error: null });
      }
      const mfa = run(start, { type: 'mfaRequired', challenge: challenge(TOTP), origin: 'login' });
      expect(run(mfa, { type: 'sessionLocked', user: ALICE })).toBe(mfa);
      const step = run(start, { type: 'thirdPartySignedIn', user: BOB, hasRecord: true });
      expect(run(step, { type: 'sessionLocked', user: ALICE })).toBe(step);
    });
  });
});

describe('helpers', () => {
  it('titles each screen', () => {
    const titles = [
      [start, 'Sign In'],
      [{ ...start, signup: true }, 'Sign Up'],
      [run(start, { type: 'chooseEmail' }), 'Sign In'],
      [run({ ...start, signup: true }, { type: 'chooseEmail' }), 'Sign Up'],
      [run(start, { type: 'forgotPassword', email: '' }), 'Reset Password'],
      [run(start, { type: 'mfaRequired', challenge: challenge(TOTP), origin: 'login' }), 'Two-Factor Authentication'],
      [run(start, { type: 'thirdPartySignedIn', user: BOB, hasRecord: true }), 'Enter Master Password'],
      [run(start, { type: 'thirdPartySignedIn', user: BOB, hasRecord: false }), 'Set Master Password'],
      [run(start, { type: 'checkRecord', user: BOB }), 'Sign In'],
    ] as const;
    for (const [state, title] of titles) expect(authModalTitle(state)).toBe(title);
  });

  it('lists each MFA method once, SMS first', () => {
    expect(mfaMethods([TOTP, PHONE, PHONE_2])).toEqual(['phone', 'totp']);
    expect(mfaMethods([PHONE_2, PHONE])).toEqual(['phone']);
    expect(mfaMethods([])).toEqual([]);
  });

  it('texts at once only a lone phone factor', () => {
    expect(hintToTextAtOnce(challenge(PHONE))).toBe(PHONE);
    expect(hintToTextAtOnce(challenge(TOTP))).toBeNull();
    expect(hintToTextAtOnce(challenge(PHONE, TOTP))).toBeNull();
  });

  it('tells signed-out screens from signed-in ones', () => {
    expect(isSignedOutView({ name: 'reset' })).toBe(true);
    expect(isSignedOutView({ name: 'checking', user: ALICE, error: null })).toBe(false);
    expect(isSignedInView({ name: 'master-password', user: ALICE, hasRecord: true })).toBe(true);
    expect(isSignedInView({ name: 'login', error: null })).toBe(false);
  });
});
