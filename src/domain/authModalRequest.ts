/**
 * The navigation state that asks the landing page to open the auth modal (SPEC §2 "Landing page").
 * History state survives reloads and can be written by any same-origin page, so it is parsed, never
 * trusted as typed.
 */
export type AuthModalRequest = {
  openModal: true;
  signup: boolean;
  inviteId?: string;
  sharedSecret?: string;
  email?: string;
};

export type AuthModalExtras = {
  inviteId?: string | undefined;
  sharedSecret?: string | undefined;
  email?: string | undefined;
};

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function trimmedEmail(value: unknown): string | undefined {
  return typeof value === 'string' ? nonEmptyString(value.trim()) : undefined;
}

/** Builds the state for `navigate(path, { state })`; absent or empty extras are left out. */
export function authModalState(signup: boolean, extra: AuthModalExtras = {}): AuthModalRequest {
  const request: AuthModalRequest = { openModal: true, signup };
  const inviteId = nonEmptyString(extra.inviteId);
  const sharedSecret = nonEmptyString(extra.sharedSecret);
  const email = trimmedEmail(extra.email);
  if (inviteId !== undefined) request.inviteId = inviteId;
  if (sharedSecret !== undefined) request.sharedSecret = sharedSecret;
  if (email !== undefined) request.email = email;
  return request;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns the request when `state` asks for the modal (openModal true, signup a boolean); optional
 * fields of the wrong type are dropped rather than failing the whole request.
 */
export function parseAuthModalRequest(state: unknown): AuthModalRequest | null {
  if (!isRecord(state) || state.openModal !== true || typeof state.signup !== 'boolean') return null;
  return authModalState(state.signup, {
    inviteId: nonEmptyString(state.inviteId),
    sharedSecret: nonEmptyString(state.sharedSecret),
    email: trimmedEmail(state.email),
  });
}
