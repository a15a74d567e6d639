// What an invitation link carries (docs/invitations.md "In the browser"):
// /accept-invite?inviteId=…#secret=… (the secret in the fragment never reaches a server), or the
// older ?secret= in the query (SPEC.md §2).

export interface InviteLink {
  readonly inviteId: string;
  /** The shared secret, when the link has one (an invitee without an account). */
  readonly secret: string | null;
}

function nonBlank(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The invite id and secret of the accept page's address; null when there is no invite id. The
 * fragment's secret wins over the query's when both are present.
 */
export function readInviteLink(query: URLSearchParams, hash: string): InviteLink | null {
  const inviteId = nonBlank(query.get('inviteId'));
  if (inviteId === null) return null;
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const secret = nonBlank(fragment.get('secret')) ?? nonBlank(query.get('secret'));
  return { inviteId, secret };
}
