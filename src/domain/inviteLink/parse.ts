import { ACCEPT_INVITE_PATH, type InviteLink } from './build';

// Reading an invitation link (built by ./build.ts): the fragment's secret, or the older one in
// the query (SPEC.md §2), percent-decoded.

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
