// The pure decisions of sendCustomEmailChange and verifyEmailChangeToken (docs/email-change.md):
// which refusal comes first, what is stored (only the token's hash) and what is applied. The
// callables load the facts and apply the plan; nothing here does I/O.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import {
  EMAIL_CHANGES_PER_HOUR,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_TTL_MS,
  checkNewEmail,
} from '@keyloft/contract/emailChange';
import { normalizeEmail } from '@keyloft/contract/invitations';
import { appBaseUrl } from '../lib/appUrl';
import { withinWindow } from '../lib/rateLimit';
import { DEVELOPMENT_APP_URL, developmentLinksAllowed } from '../verification/decide';

const HOUR_MS = 3_600_000;

export type Refusal = {
  readonly kind: 'refuse';
  readonly code: 'invalid-argument' | 'not-found' | 'failed-precondition' | 'already-exists' | 'resource-exhausted';
  readonly message: string;
};
const refuse = (code: Refusal['code'], message: string): Refusal => ({ kind: 'refuse', code, message });

/** 32 random bytes as base64url: 43 characters, no padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** emailChanges/{hash}: the hex SHA-256 of the token. The token itself is stored nowhere. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** rateLimits/{key} of one user's email-change requests (server only). */
export const emailChangeRateKey = (uid: string): string => `email-change-by-${uid}`;

/** emailChanges/{hash}, server only. */
export interface StoredEmailChange {
  readonly uid: string;
  readonly newEmail: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

const emailChangeSchema = z.object({ uid: z.string(), newEmail: z.string(), createdAt: z.number(), expiresAt: z.number() });

/** The pending change as stored, or null when the document is missing or has another shape. */
export function readEmailChange(data: unknown): StoredEmailChange | null {
  const read = emailChangeSchema.safeParse(data);
  return read.success ? read.data : null;
}

/** Our own confirmation page (SPEC.md §2). */
export function emailChangeLink(base: string, token: string, newEmail: string): string {
  return `${base}/verify-email-change?token=${encodeURIComponent(token)}&newEmail=${encodeURIComponent(newEmail)}`;
}

// sendCustomEmailChange ----------------------------------------------------------------------

export interface SendEmailChangeFacts {
  readonly caller: { readonly uid: string; readonly email: string | null };
  readonly newEmail: string;
  readonly isDevelopment: boolean;
  readonly onEmulator: boolean;
  readonly appUrl: string;
  /** The Auth account that has the new address, or null. */
  readonly owner: { readonly uid: string } | null;
  /** When this user's earlier requests were made, as rateLimits holds them. */
  readonly requests: readonly number[];
  readonly now: number;
}

export type SendEmailChangeDecision =
  | Refusal
  | {
      readonly kind: 'send';
      readonly record: StoredEmailChange;
      /** What rateLimits/{emailChangeRateKey} holds afterwards. */
      readonly requests: readonly number[];
      readonly linkBase: string;
    };

/** Checks the new address alone, before anything is loaded (the §5 messages). */
export function validateNewEmail(newEmail: string, currentEmail: string | null): Refusal | { readonly kind: 'ok'; readonly email: string } {
  const checked = checkNewEmail(newEmail, currentEmail);
  return checked.ok ? { kind: 'ok', email: checked.email } : refuse('invalid-argument', checked.message);
}

export function decideSendEmailChange(facts: SendEmailChangeFacts): SendEmailChangeDecision {
  const valid = validateNewEmail(facts.newEmail, facts.caller.email);
  if (valid.kind === 'refuse') return valid;
  if (facts.owner !== null && facts.owner.uid !== facts.caller.uid) return refuse('already-exists', EMAIL_CHANGE_MESSAGES.inUse);
  const requests = withinWindow(facts.requests, facts.now, HOUR_MS);
  if (requests.length >= EMAIL_CHANGES_PER_HOUR) return refuse('resource-exhausted', EMAIL_CHANGE_MESSAGES.tooMany);
  const base = developmentLinksAllowed(facts.isDevelopment, facts.onEmulator) ? DEVELOPMENT_APP_URL : facts.appUrl;
  return {
    kind: 'send',
    record: { uid: facts.caller.uid, newEmail: valid.email, createdAt: facts.now, expiresAt: facts.now + EMAIL_CHANGE_TTL_MS },
    requests: [...requests, facts.now],
    linkBase: appBaseUrl(base),
  };
}

// verifyEmailChangeToken ---------------------------------------------------------------------

export interface VerifyEmailChangeFacts {
  /** The stored request for the token's hash, or null when there is none (never sent, or used). */
  readonly record: StoredEmailChange | null;
  /** newEmail from the link. */
  readonly newEmail: string;
  /** The Auth account that has the new address now, or null. */
  readonly owner: { readonly uid: string } | null;
  readonly now: number;
}

export type VerifyEmailChangeDecision =
  | (Refusal & { readonly discard: boolean })
  | { readonly kind: 'apply'; readonly uid: string; readonly email: string };

export function decideVerifyEmailChange(facts: VerifyEmailChangeFacts): VerifyEmailChangeDecision {
  const { record } = facts;
  if (record === null) return { ...refuse('not-found', EMAIL_CHANGE_MESSAGES.invalidLink), discard: false };
  // An expired or no longer possible request is of no use to anyone: it is removed.
  if (facts.now >= record.expiresAt) return { ...refuse('failed-precondition', EMAIL_CHANGE_MESSAGES.expired), discard: true };
  // A link whose address was edited is refused, and the request stays for the real link.
  if (normalizeEmail(facts.newEmail) !== record.newEmail) {
    return { ...refuse('invalid-argument', EMAIL_CHANGE_MESSAGES.mismatch), discard: false };
  }
  if (facts.owner !== null && facts.owner.uid !== record.uid) {
    return { ...refuse('already-exists', EMAIL_CHANGE_MESSAGES.inUse), discard: true };
  }
  return { kind: 'apply', uid: record.uid, email: record.newEmail };
}
