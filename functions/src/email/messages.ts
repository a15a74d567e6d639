import type { InviteRole } from '@keyloft/contract/invitations';
import { MFA_METHOD_LABELS, type MfaMethod } from '@keyloft/contract/mfa';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@keyloft/contract/teamPermissions';
import { PRODUCT_NAME, composeEmail } from './compose';
import type { EmailMessage } from './types';

// The words of each email Keyloft sends, one pure builder per message (no I/O). A new message
// (invitation, master-password change, MFA changes, email change) is one more builder here.

export function verificationEmail(input: { readonly to: string; readonly link: string }): EmailMessage {
  return composeEmail({
    to: input.to,
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    heading: `Welcome to ${PRODUCT_NAME}!`,
    paragraphs: [`Please confirm that ${input.to} is your email address, so that we can keep your account safe.`],
    action: { label: 'Verify email address', url: input.link },
    after: [`If you did not create a ${PRODUCT_NAME} account, you can ignore this email.`],
  });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '28 November 2026, 14:05 UTC': one unambiguous form for every reader, whatever their locale. */
export function formatEmailDate(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** A header value on one line: a team name is user text, and a subject is a mail header. */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

export interface InvitationEmailInput {
  readonly to: string;
  readonly teamName: string;
  /** The inviter's address, or null when their account has none. */
  readonly inviterEmail: string | null;
  readonly role: InviteRole;
  /** The accept page's link; may carry the invitation's secret in its fragment, so never in the subject. */
  readonly link: string;
  readonly expiresAt: number;
}

export function invitationEmail(input: InvitationEmailInput): EmailMessage {
  const inviter = input.inviterEmail ?? `A ${PRODUCT_NAME} user`;
  const role = ROLE_LABELS[input.role];
  // The team name is whatever its owner typed: quoted, and never allowed to become a link.
  const team = { quoted: input.teamName };
  return composeEmail({
    to: input.to,
    subject: `Invitation to join "${oneLine(input.teamName)}" on ${PRODUCT_NAME}`,
    heading: ['Join ', team, ` on ${PRODUCT_NAME}`],
    paragraphs: [
      [`${inviter} invited you to join the team `, team, ` on ${PRODUCT_NAME}, the password manager that encrypts your team's passwords in your browser.`],
      `Your role: ${role}. ${ROLE_DESCRIPTIONS[input.role]}`,
      `To accept, sign in or create an account with ${input.to}.`,
    ],
    action: { label: 'Accept invitation', url: input.link },
    after: [
      `This invitation expires on ${formatEmailDate(input.expiresAt)}.`,
      'The link is for you alone: please do not forward it.',
      'If you were not expecting this invitation, you can ignore this email.',
    ],
  });
}

/**
 * SPEC.md §4: the notice after a master-password change. No secret and no link (a real notice
 * never needs one, so a phishing copy with a link stands out).
 */
export function masterPasswordChangedEmail(input: { readonly to: string; readonly changedAt: number }): EmailMessage {
  return composeEmail({
    to: input.to,
    subject: `Your ${PRODUCT_NAME} master password was changed`,
    heading: 'Your master password was changed',
    paragraphs: [
      `The master password of the ${PRODUCT_NAME} account ${input.to} was changed on ${formatEmailDate(input.changedAt)}.`,
      'Your stored passwords are unchanged. From now on, unlock your vault with the new master password.',
    ],
    after: [
      'If you did not make this change, someone else may be using your account: sign in and change your account password right away.',
      `${PRODUCT_NAME} never asks for your master password by email.`,
    ],
  });
}

export interface MfaChangeEmailInput {
  readonly to: string;
  readonly method: MfaMethod;
  /** When the browser reported the change (right after it). */
  readonly at: number;
}

/**
 * SPEC.md §7 sendMfaEnrollmentNotification: a second factor was added. Like the master-password
 * notice: no secret and no link, so a phishing copy with a link stands out.
 */
export function mfaEnrolledEmail(input: MfaChangeEmailInput): EmailMessage {
  const label = MFA_METHOD_LABELS[input.method];
  return composeEmail({
    to: input.to,
    subject: `A two-factor method was added to your ${PRODUCT_NAME} account`,
    heading: 'A two-factor method was added',
    paragraphs: [
      `A two-factor method, ${label}, was added to the ${PRODUCT_NAME} account ${input.to} on ${formatEmailDate(input.at)}.`,
      'From now on, signing in can ask for a code from it after the account password.',
    ],
    after: [
      "If this wasn't you, someone else may be using your account: sign in and change your account password right away, then remove any two-factor method you do not recognise in Account Settings.",
      `${PRODUCT_NAME} never asks for your passwords or verification codes by email.`,
    ],
  });
}

/** SPEC.md §7 sendMfaRemovalNotification: a second factor was removed. No secret and no link. */
export function mfaRemovedEmail(input: MfaChangeEmailInput): EmailMessage {
  const label = MFA_METHOD_LABELS[input.method];
  return composeEmail({
    to: input.to,
    subject: `A two-factor method was removed from your ${PRODUCT_NAME} account`,
    heading: 'A two-factor method was removed',
    paragraphs: [
      `A two-factor method, ${label}, was removed from the ${PRODUCT_NAME} account ${input.to} on ${formatEmailDate(input.at)}.`,
      'Signing in no longer accepts codes from it.',
    ],
    after: [
      "If this wasn't you, someone else may be using your account: sign in and change your account password right away, then check the two-factor methods in Account Settings, remove any you do not recognise and add yours again.",
      `${PRODUCT_NAME} never asks for your passwords or verification codes by email.`,
    ],
  });
}

export interface EmailChangeEmailInput {
  /** The new address: the confirmation goes there, proving the user reads it. */
  readonly to: string;
  /** The account's address today, or null when it has none. */
  readonly currentEmail: string | null;
  /** The confirmation page's link; it carries the single-use token, so never in the subject. */
  readonly link: string;
  readonly expiresAt: number;
}

export function emailChangeEmail(input: EmailChangeEmailInput): EmailMessage {
  const from = input.currentEmail === null ? '' : ` from ${input.currentEmail}`;
  return composeEmail({
    to: input.to,
    subject: `Confirm your new email address for ${PRODUCT_NAME}`,
    heading: 'Confirm your new email address',
    paragraphs: [
      `Someone asked to change the email address of a ${PRODUCT_NAME} account${from} to ${input.to}.`,
      'If it was you, confirm the change. You will then sign in with this address.',
    ],
    action: { label: 'Confirm new email address', url: input.link },
    after: [
      `This link works once and expires on ${formatEmailDate(input.expiresAt)}.`,
      'If you did not ask for this change, you can ignore this email: nothing changes until the link is opened.',
    ],
  });
}

export function testEmail(input: { readonly to: string; readonly sentAt: number }): EmailMessage {
  return composeEmail({
    to: input.to,
    subject: `${PRODUCT_NAME} test email`,
    heading: `${PRODUCT_NAME} can send you email`,
    paragraphs: [
      `This test message was sent to ${input.to} on ${formatEmailDate(input.sentAt)} at your request.`,
      'If it reached you, the mail set-up works.',
    ],
  });
}
