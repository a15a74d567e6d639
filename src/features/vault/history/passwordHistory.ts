// Password history (issue #23): when a save changes an entry's password, the one it replaces is
// kept in the entry's sealed details with the time it was replaced, newest first, the last ten.
// It travels wherever the details do (export, a team-key rotation, a master-password change), and
// nothing of it is ever stored in clear. Pure.

import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import type { ReplacedPassword } from '../../../crypto';

export type { ReplacedPassword };

/** The sealed details' bound is sized for this many (src/domain/fieldLimits.ts). */
export const PASSWORD_HISTORY_LIMIT = FIELD_LIMITS.entryPasswordHistory;

/**
 * The history after a save that sets `next` over `previous`: unchanged when the password did not
 * change (or there was none), else `previous` first, trimmed to the last ten.
 */
export function historyAfterSave(history: readonly ReplacedPassword[], previous: string, next: string, now: number): readonly ReplacedPassword[] {
  if (previous === next || previous === '') return trimmedHistory(history);
  return trimmedHistory([{ password: previous, replacedAt: now }, ...history]);
}

/** Newest first and at most ten: what is stored, whatever a file or an older save held. */
export function trimmedHistory(history: readonly ReplacedPassword[]): readonly ReplacedPassword[] {
  const ordered = [...history].sort((a, b) => b.replacedAt - a.replacedAt);
  return ordered.length > PASSWORD_HISTORY_LIMIT ? ordered.slice(0, PASSWORD_HISTORY_LIMIT) : ordered;
}
