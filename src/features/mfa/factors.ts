// How second factors are named and counted (SPEC.md §9: two at most). Pure.
import type { MfaFactor } from '../../data/auth/authGateway';
import type { MfaMethod } from '@keyloft/contract/mfa';
import { formatDate, SENTENCE_LOCALE } from '../../ui/format';

export const MAX_MFA_FACTORS = 2;
export type { MfaMethod } from '@keyloft/contract/mfa';

export const METHOD_LABELS: Readonly<Record<MfaMethod, string>> = {
  phone: 'Text message (SMS)',
  totp: 'Authenticator app',
};

export function canAddFactor(factors: readonly MfaFactor[]): boolean {
  return factors.length < MAX_MFA_FACTORS;
}

/** The name stored with a new factor, which sign-in shows when it asks for a code. */
export function newFactorDisplayName(method: MfaMethod, phoneNumber?: string): string {
  if (method === 'totp') return 'Authenticator app';
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `Phone ending ${digits.slice(-4)}` : 'Phone';
}

/** One line per factor in Account Settings. */
export function factorLabel(factor: MfaFactor): string {
  const method = METHOD_LABELS[factor.factorId];
  const detail = factor.displayName ?? factor.phoneNumber;
  return detail && detail !== method ? `${method}: ${detail}` : method;
}

/** "Added Nov 22, 2026" (a sentence: src/ui/format.ts), or null when the service gave no readable date. */
export function enrolledOn(factor: MfaFactor, locale: string = SENTENCE_LOCALE): string | null {
  const at = formatDate(new Date(factor.enrollmentTime).getTime(), 'shortMonth', locale);
  return at === null ? null : `Added ${at}`;
}
