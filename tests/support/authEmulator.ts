// The Auth emulator's REST API, for setting up accounts and reading emailed codes in browser tests.
export const AUTH_EMULATOR = 'http://127.0.0.1:9099';
const API = `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1`;
const KEY = 'demo-api-key';
const PROJECT = 'demo-keyloft';

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${API}/${path}?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${path}: ${json.error?.message ?? String(response.status)}`);
  return json;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function createAccount(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  return post('accounts:signUp', { email, password, returnSecureToken: true });
}

export async function signInWithPassword(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  return post('accounts:signInWithPassword', { email, password, returnSecureToken: true });
}

export async function sendResetEmail(email: string): Promise<void> {
  await post('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
}

export async function sendVerificationEmail(idToken: string): Promise<void> {
  await post('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
}

export async function lookup(idToken: string): Promise<{ email: string; emailVerified?: boolean }> {
  const { users } = await post<{ users: { email: string; emailVerified?: boolean }[] }>('accounts:lookup', { idToken });
  const [user] = users;
  if (!user) throw new Error('no such user');
  return user;
}

/** Admin update through the emulator (the "owner" token): verify the email and enrol a phone second factor. */
export async function enrolPhoneFactor(localId: string, phoneNumber: string): Promise<void> {
  await post(
    'accounts:update',
    { localId, emailVerified: true, mfa: { enrollments: [{ mfaEnrollmentId: 'phone-1', phoneInfo: phoneNumber, displayName: 'Work phone' }] } },
    { authorization: 'Bearer owner' },
  );
}

/** Admin update through the emulator: the address counts as verified in the next token. */
export async function markEmailVerified(localId: string): Promise<void> {
  await post('accounts:update', { localId, emailVerified: true }, { authorization: 'Bearer owner' });
}

/** Admin update through the emulator: the address counts as unproven again (as after an address change). */
export async function markEmailUnverified(localId: string): Promise<void> {
  await post('accounts:update', { localId, emailVerified: false }, { authorization: 'Bearer owner' });
}

export async function latestOobCode(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL'): Promise<string> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const match = oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
  if (!match) throw new Error(`no ${requestType} code for ${email}`);
  return match.oobCode;
}

/** Every SMS code the emulator "sent" to this number, oldest first. */
export async function smsCodesFor(phoneNumber: string): Promise<string[]> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const { verificationCodes } = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return verificationCodes.filter((entry) => entry.phoneNumber === phoneNumber).map((entry) => entry.code);
}

/** The newest SMS code the emulator "sent" to this number. */
export async function latestSmsCode(phoneNumber: string): Promise<string> {
  const code = (await smsCodesFor(phoneNumber)).at(-1);
  if (code === undefined) throw new Error(`no SMS code for ${phoneNumber}`);
  return code;
}
