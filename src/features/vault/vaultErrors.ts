import type { Group, PasswordEntry } from './model';
import { OfflineError } from '../../data/vault/storedEntries';

// A team write the user may not make: their role does not allow it, or the rules refused it (the
// role changed since the view opened). The message is SPEC.md §6's ('You do not have permission to
// add passwords to this team' and its update and delete variants), for the screens to show as is.
export class VaultPermissionError extends Error {
  override readonly name = 'VaultPermissionError';
}

// Conflicts and deletions found by the conditional writes (docs/vault.md, "Revisions"): what the
// screens show instead of overwriting, or of a 'no permission' that would not be true.
export const CONFLICT_MESSAGES = Object.freeze({
  passwordGone: 'This password was deleted by someone else',
  groupGone: 'This group was deleted by someone else',
  passwordChanged: 'This password was changed since you opened it.',
  groupChanged: 'This group was changed since you opened it.',
  teamKeyChanged: 'The team key changed since this view was opened (a member was removed). The team is reloading; try again once it has.',
});

/**
 * A load whose screen went away (another team opened, the vault locked) stops between pages: it
 * reads and decrypts no further page, and what it opened so far is not the vault.
 */
export class LoadStoppedError extends Error {
  override readonly name = 'LoadStoppedError';
  constructor() {
    super('The load was stopped');
  }
}

/** What was edited or deleted is no longer stored: someone else deleted it. */
export class VaultGoneError extends Error {
  override readonly name = 'VaultGoneError';
}

/** The entry was saved by someone else since it was read; nothing was written. `newer` is it, decrypted. */
export class PasswordConflictError extends Error {
  override readonly name = 'PasswordConflictError';
  constructor(
    readonly newer: PasswordEntry,
    options?: ErrorOptions,
  ) {
    super(CONFLICT_MESSAGES.passwordChanged, options);
  }
}

/** The group was renamed by someone else since it was read; nothing was written. */
export class GroupConflictError extends Error {
  override readonly name = 'GroupConflictError';
  constructor(
    readonly newer: Group,
    options?: ErrorOptions,
  ) {
    super(CONFLICT_MESSAGES.groupChanged, options);
  }
}

/** A team write refused because the team's key version moved on (a rotation): not a permission. */
export class TeamKeyChangedError extends Error {
  override readonly name = 'TeamKeyChangedError';
  constructor(options?: ErrorOptions) {
    super(CONFLICT_MESSAGES.teamKeyChanged, options);
  }
}

/** What a screen shows for a failed write: the message of a refusal, conflict or deletion, else its own failure text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof VaultPermissionError ||
    error instanceof VaultGoneError ||
    error instanceof PasswordConflictError ||
    error instanceof GroupConflictError ||
    error instanceof TeamKeyChangedError ||
    error instanceof OfflineError
    ? error.message
    : fallback;
}

/** SPEC.md §8: an entry (or its details) that does not decrypt. */
export const DECRYPT_FAILED_MESSAGE = 'Failed to decrypt data. The encryption key may be invalid.';
