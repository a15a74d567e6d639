/** The `mode` values the auth service puts in the links it emails. */
export type ActionMode = 'verifyEmail' | 'resetPassword';

/**
 * The one-time code of an emailed link when the query is for `mode`; null when the mode is absent
 * or different, or the code is missing or blank (the page then shows its invalid state and calls
 * nothing).
 */
export function readActionCode(params: URLSearchParams, mode: ActionMode): string | null {
  if (params.get('mode') !== mode) return null;
  const code = params.get('oobCode')?.trim() ?? '';
  return code === '' ? null : code;
}
