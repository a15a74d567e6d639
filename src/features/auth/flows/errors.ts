// Failures the flows report with the spec's wording (SPEC.md §8 "Vault and keys").

export class FlowError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FlowError';
  }
}

export const MESSAGES = {
  invalidMasterPassword: 'Invalid master password. Please try again.',
  userDataNotFound: 'User data not found',
  saltNotFound: 'Encryption salt not found. Please contact support.',
  oauthIncomplete: 'Failed to complete OAuth login. Please try again.',
} as const;
