/** SPEC §9: the copyright year shown is 2025, not the current year. */
export const COPYRIGHT_YEAR = 2025;

/** SPEC §9: the legal pages are dated January 2025. */
export const LEGAL_LAST_UPDATED = 'January 2025';

/** SPEC §1: a new account gets this many days of the Unlimited plan without a credit card. */
export { TRIAL_DAYS } from '@keyloft/contract/trial';
