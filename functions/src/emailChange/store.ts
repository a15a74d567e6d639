import type { Firestore } from 'firebase-admin/firestore';

// emailChanges/{sha256(token)}: server only (the rules deny every client), like rateLimits/{key}.

export const emailChangesOf = (db: Firestore) => db.collection('emailChanges');
export const emailChangeRef = (db: Firestore, hash: string) => emailChangesOf(db).doc(hash);
