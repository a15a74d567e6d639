// The invitation link, built and read in this one place (docs/invitations.md "In the browser"):
// /accept-invite?inviteId=…#secret=… . The secret rides in the fragment, which browsers never send
// to a server. Links are written percent-encoded; the secret is base64url, which encoding leaves
// as it is, so the links already sent (written raw) read the same. The older ?secret= in the
// query (SPEC.md §2) is still read.

export const ACCEPT_INVITE_PATH = '/accept-invite';

export interface InviteLink {
  readonly inviteId: string;
  /** The shared secret, when the link has one (an invitee without an account). */
  readonly secret: string | null;
}

/** The accept page's path, with the secret (if any) in the fragment. */
export function acceptInvitePath(inviteId: string, secret?: string | null): string {
  const path = `${ACCEPT_INVITE_PATH}?inviteId=${encodeURIComponent(inviteId)}`;
  return secret === undefined || secret === null ? path : `${path}#secret=${encodeURIComponent(secret)}`;
}

/** The whole link, for an app running at `appBase` ('https://app.example', no trailing slash). */
export function invitationLink(appBase: string, inviteId: string, secret?: string | null): string {
  return `${appBase}${acceptInvitePath(inviteId, secret)}`;
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

/**
 * A whole link as text (absolute, or a path), read as the accept page reads its address; null
 * when it is not a link to the accept page or has no invite id.
 */
export function parseInvitationLink(link: string): InviteLink | null {
  const hashAt = link.indexOf('#');
  const beforeHash = hashAt < 0 ? link : link.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  if (!path.endsWith(ACCEPT_INVITE_PATH)) return null;
  const query = new URLSearchParams(queryAt < 0 ? '' : beforeHash.slice(queryAt + 1));
  return readInviteLink(query, hashAt < 0 ? '' : link.slice(hashAt + 1));
}
