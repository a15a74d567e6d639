// The pure part of sendCustomEmailVerification: who gets an email and where its link points.
import { appBaseUrl } from '../lib/appUrl';

/** The Vite dev server of this repository (vite.config.ts), used when the app runs on localhost. */
export const DEVELOPMENT_APP_URL = 'http://127.0.0.1:5173';

export interface VerificationEmailInput {
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  /** What the caller asked for; only honoured on the emulator (see developmentLinksAllowed). */
  readonly isDevelopment: boolean;
  /** True when this code runs in the Functions emulator. */
  readonly onEmulator: boolean;
  readonly appUrl: string;
}

/**
 * Whether the link may point at the local dev server. Only on the emulator: in production any
 * caller could otherwise have a real verification code mailed inside a link to 127.0.0.1.
 */
export function developmentLinksAllowed(requested: boolean, onEmulator: boolean): boolean {
  return requested && onEmulator;
}

/** The Functions emulator sets FUNCTIONS_EMULATOR=true; production never does. */
export function runsOnEmulator(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.FUNCTIONS_EMULATOR === 'true';
}

export type VerificationEmailDecision =
  | { readonly kind: 'refuse'; readonly code: 'failed-precondition'; readonly message: string }
  | { readonly kind: 'send'; readonly to: string; readonly continueBase: string };

export function decideVerificationEmail(input: VerificationEmailInput): VerificationEmailDecision {
  const email = input.email?.trim() ?? '';
  if (email === '') {
    return { kind: 'refuse', code: 'failed-precondition', message: 'This account has no email address to verify.' };
  }
  if (input.emailVerified) {
    return { kind: 'refuse', code: 'failed-precondition', message: 'This email address is already verified.' };
  }
  const base = developmentLinksAllowed(input.isDevelopment, input.onEmulator) ? DEVELOPMENT_APP_URL : input.appUrl;
  return { kind: 'send', to: email, continueBase: appBaseUrl(base) };
}

/** The one-time code in a link from generateEmailVerificationLink, or null when there is none. */
export function oobCodeFromLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const code = url.searchParams.get('oobCode');
  return code === null || code.trim() === '' ? null : code;
}

/** Our own verification page (SPEC.md §2), not Firebase's hosted action handler. */
export function verificationLink(continueBase: string, oobCode: string): string {
  return `${continueBase}/verify-email?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`;
}
