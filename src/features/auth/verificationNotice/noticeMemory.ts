import type { KeyValueStorage } from '../../../data/keyValueStorage';

// What this browser remembers of the sign-up's 'Verification email sent!' notice, per account
// (issue #43, item 4): that the email went out (so the notice is still true after a reload, until
// the address is verified) and that the user dismissed it. It holds no secret: a uid in the key
// and one word as the value, so any same-origin script reading it learns nothing of the vault.

export type VerificationNoticeMemory = 'none' | 'sent' | 'dismissed';

export function verificationNoticeKey(uid: string): string {
  return `keyloft.verificationNotice.${uid}`;
}

/** The remembered state; anything else stored there (storage is writable by any same-origin script) counts as none. */
export function readNoticeMemory(storage: Pick<KeyValueStorage, 'getItem'>, uid: string): VerificationNoticeMemory {
  const stored = storage.getItem(verificationNoticeKey(uid));
  return stored === 'sent' || stored === 'dismissed' ? stored : 'none';
}

/** The email went out: remembered unless the user already dismissed the notice. */
export function rememberSent(storage: KeyValueStorage, uid: string): VerificationNoticeMemory {
  if (readNoticeMemory(storage, uid) === 'dismissed') return 'dismissed';
  storage.setItem(verificationNoticeKey(uid), 'sent');
  return 'sent';
}

export function rememberDismissed(storage: KeyValueStorage, uid: string): VerificationNoticeMemory {
  storage.setItem(verificationNoticeKey(uid), 'dismissed');
  return 'dismissed';
}

/** A verified address needs no notice: nothing is kept for it. */
export function forgetNotice(storage: KeyValueStorage, uid: string): void {
  storage.removeItem(verificationNoticeKey(uid));
}
