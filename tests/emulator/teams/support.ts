// Shared set-up of the team callable tests: accounts on the Auth emulator, documents seeded with
// firebase-admin on the Firestore emulator (FIRESTORE_EMULATOR_HOST, exported by
// scripts/with-emulators.mjs), and the deployed callables reached over the Functions emulator.
import { getApps, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { InviteResult } from '../../../src/data/invitations/storedInvitations';
import { createAccount, markEmailVerified, signInWithPassword, uniqueEmail } from '../../support/authEmulator';

const PROJECT = 'demo-keyloft';
const FUNCTIONS = `http://127.0.0.1:5001/${PROJECT}/us-central1`;
const APP_NAME = 'teams-emulator-tests';

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';

export function db(): Firestore {
  const app = getApps().find((candidate) => candidate.name === APP_NAME) ?? initializeApp({ projectId: PROJECT }, APP_NAME);
  return getFirestore(app);
}

/** A random RSA-2048-sized ciphertext: the server stores wraps, it never opens them. */
export function wrappedKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(256))).toString('base64');
}

/** A key check's shape (HMAC-SHA256 under the team key): the server compares checks, it never computes one. */
export function keyCheck(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
}

export function sealedKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(60))).toString('base64');
}

/** A fresh team id in the client's shape (doc(collection(db, 'teams')).id). */
export function newTeamId(): string {
  return db().collection('teams').doc().id;
}

export interface TestUser {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
  readonly publicKey: string;
}

export interface UserOptions {
  /** Default: an active Unlimited subscription. */
  readonly subscription?: Record<string, unknown>;
  /** Whether publicKeys/{uid} is written (default true); users/{uid}.publicKey always is. */
  readonly publishKey?: boolean;
  /** Whether users/{uid} is written at all (default true). */
  readonly record?: boolean;
  /** The account's address (default: a fresh unique one from the label). */
  readonly email?: string;
  /** Whether the address is verified, in the account and so in the token (default false). */
  readonly emailVerified?: boolean;
}

export function subscription(planId: string, status = 'active'): Record<string, unknown> {
  const now = Date.now();
  return {
    id: null,
    customerId: null,
    status,
    planId,
    planName: planId,
    currentPeriodStart: now,
    currentPeriodEnd: now + 30 * 86_400_000,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: now,
  };
}

const PASSWORD = 'correct horse battery';

export async function newUser(label: string, options: UserOptions = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(label);
  const created = await createAccount(email, PASSWORD);
  const uid = created.localId;
  let idToken = created.idToken;
  if (options.emailVerified === true) {
    await markEmailVerified(uid);
    idToken = (await signInWithPassword(email, PASSWORD)).idToken;
  }
  const publicKey = `SPKI-${uid}`;
  if (options.record !== false) {
    await db()
      .collection('users')
      .doc(uid)
      .set({ email, publicKey, teamIds: [], pendingTeamKeys: {}, subscription: options.subscription ?? subscription('unlimited') });
  }
  if (options.publishKey !== false) await db().collection('publicKeys').doc(uid).set({ publicKey, createdAt: Date.now() });
  return { uid, email, idToken, publicKey };
}

/** The same user with a fresh token after the address was verified (email_verified true). */
export async function verified(user: TestUser): Promise<TestUser> {
  await markEmailVerified(user.uid);
  return { ...user, idToken: (await signInWithPassword(user.email, PASSWORD)).idToken };
}

export interface CallableReply<T = unknown> {
  readonly result?: T;
  readonly error?: { readonly status: string; readonly message: string };
}

export async function call<T = unknown>(name: string, data: unknown, user?: TestUser): Promise<CallableReply<T>> {
  const response = await fetch(`${FUNCTIONS}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return (await response.json()) as CallableReply<T>;
}

/** The refusal of a call as { status, message }, so that a test names both. */
export function refusal(reply: CallableReply): { status: string; message: string } | undefined {
  return reply.error ? { status: reply.error.status, message: reply.error.message } : undefined;
}

export async function teamDoc(teamId: string): Promise<Record<string, unknown> | undefined> {
  return (await db().collection('teams').doc(teamId).get()).data();
}

export async function teamIdsOf(uid: string): Promise<unknown> {
  return (await db().collection('users').doc(uid).get()).get('teamIds');
}

/** Creates a team through the callable, owned by `owner`. */
export async function createTeam(owner: TestUser, name = 'Ops'): Promise<string> {
  const teamId = newTeamId();
  const reply = await call('createTeam', { teamId, name, encryptedTeamKey: wrappedKey() }, owner);
  if (!reply.result) throw new Error(`createTeam failed: ${JSON.stringify(reply.error)}`);
  return teamId;
}

export async function invite(owner: TestUser, teamId: string, email: string, role = 'view'): Promise<InviteResult> {
  const reply = await call<InviteResult>('inviteTeamMember', { email, teamId, role }, owner);
  if (!reply.result) throw new Error(`inviteTeamMember failed: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

/**
 * `member` joins with `role` the way people join (docs/invitations.md): `owner` invites their
 * address; unless `withKey` is false, the owner's browser attaches the team key under the link's
 * secret at the team's key version, and the member's browser, opening the link, stores it wrapped
 * for their own key as a pending team key (here with firebase-admin: the rules are another tier's
 * concern); the member, with a verified address, accepts.
 */
export async function addMember(teamId: string, owner: TestUser, member: TestUser, role: string, withKey = true): Promise<void> {
  const { inviteId } = await invite(owner, teamId, member.email, role);
  if (withKey) {
    const keyVersion = (await teamDoc(teamId))?.keyVersion;
    await db().collection('invitations').doc(inviteId).update({ encryptedTeamKeyWithSecret: sealedKey(), keyVersion });
    await db().collection('users').doc(member.uid).update({ [`pendingTeamKeys.${inviteId}`]: wrappedKey() });
  }
  const reply = await call('acceptInvitation', { inviteId }, await verified(member));
  if (!reply.result) throw new Error(`acceptInvitation failed: ${JSON.stringify(reply.error)}`);
}

export type LoggedEvent = Record<string, unknown>;

/** teams/{teamId}/events (docs/audit-log.md). */
export const teamEventsRef = (teamId: string) => db().collection('teams').doc(teamId).collection('events');

/**
 * The events `action` added to the team's log, as stored, oldest first (one transaction's events
 * share their time: then by kind). `at` is replaced by 'server time' when it is a Timestamp within a
 * minute of now, the time of the commit; anything else is left for the test's toEqual to show.
 */
export async function eventsDuring(teamId: string, action: () => Promise<unknown>): Promise<LoggedEvent[]> {
  const before = new Set((await teamEventsRef(teamId).select().get()).docs.map((doc) => doc.id));
  await action();
  const added = (await teamEventsRef(teamId).get()).docs.filter((doc) => !before.has(doc.id)).map((doc) => doc.data());
  const millis = (event: LoggedEvent) => (event.at instanceof Timestamp ? event.at.toMillis() : 0);
  return added
    .sort((a, b) => millis(a) - millis(b) || String(a.kind).localeCompare(String(b.kind)))
    .map((event) => (event.at instanceof Timestamp && Math.abs(event.at.toMillis() - Date.now()) < 60_000 ? { ...event, at: 'server time' } : event));
}

/** How an event names the test user who made it: uid and the address in their token. */
export const actor = (user: Pick<TestUser, 'uid' | 'email'>) => ({ uid: user.uid, email: user.email });
