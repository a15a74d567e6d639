import type { Firestore } from 'firebase-admin/firestore';

// deletedAccounts/{uid} = { uid, deletedAt }: the tombstone deleteAccount writes first
// (docs/account-deletion.md, "Tombstone"). An ID token outlives its Auth user for up to an hour,
// so the rules (notDeleted()) and the callables (liveCall.ts) refuse a tombstoned uid. It is
// kept for good: a uid and a time, and Firebase never gives the uid to another account. No rule
// opens the collection.

export const deletedAccountRef = (db: Firestore, uid: string) => db.collection('deletedAccounts').doc(uid);

export async function isDeletedAccount(db: Firestore, uid: string): Promise<boolean> {
  return (await deletedAccountRef(db, uid).get()).exists;
}
