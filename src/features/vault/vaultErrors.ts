// A team write the user may not make: their role does not allow it, or the rules refused it (the
// role changed since the view opened). The message is SPEC.md §6's ('You do not have permission to
// add passwords to this team' and its update and delete variants), for the screens to show as is.
export class VaultPermissionError extends Error {
  override readonly name = 'VaultPermissionError';
}

/** What a screen shows for a failed write: the §6 message of a refusal, else its own failure text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof VaultPermissionError ? error.message : fallback;
}
