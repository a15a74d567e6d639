/** The mailboxes the public pages and the emailed-link pages show. */
export const CONTACT_EMAILS = {
  support: 'support@keyloft.app',
  privacy: 'privacy@keyloft.app',
  legal: 'legal@keyloft.app',
} as const;

export type ContactMailbox = keyof typeof CONTACT_EMAILS;

export function mailtoHref(mailbox: ContactMailbox): string {
  return `mailto:${CONTACT_EMAILS[mailbox]}`;
}
