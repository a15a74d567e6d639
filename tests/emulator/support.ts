// Shared by the emulators-lite tier: the Auth emulator's REST side doors and a memory Storage.
import type { KeyValueStorage } from '../../src/session/sessionStore';

export const PROJECT_ID = 'demo-keyloft';
export const AUTH_EMULATOR = 'http://127.0.0.1:9099';

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface OobCode {
  email: string;
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL';
  oobCode: string;
  oobLink: string;
}

/** The newest out-of-band code the emulator issued for this address and purpose. */
export async function latestOobCode(email: string, requestType: OobCode['requestType']): Promise<string> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const match = oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
  if (!match) throw new Error(`no ${requestType} code for ${email}`);
  return match.oobCode;
}

export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
