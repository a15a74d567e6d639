// The two kinds of second factor Keyloft offers (SPEC.md §2, §5): Firebase Auth's factor ids, and
// how the product names them to people (settings, security notices).

export const MFA_METHODS = ['phone', 'totp'] as const;

export type MfaMethod = (typeof MFA_METHODS)[number];

export function isMfaMethod(value: unknown): value is MfaMethod {
  return typeof value === 'string' && (MFA_METHODS as readonly string[]).includes(value);
}

export const MFA_METHOD_LABELS: Readonly<Record<MfaMethod, string>> = {
  phone: 'text message (SMS)',
  totp: 'authenticator app',
};

/** SPEC.md §5 and §9: a second-factor code is 6 digits; Verify waits for all six. */
export const VERIFICATION_CODE_LENGTH = 6;

/** What a code box keeps of what was typed: digits only, six at most. */
export function cleanVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export function isCompleteVerificationCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
