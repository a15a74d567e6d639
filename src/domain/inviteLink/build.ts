// The invitation link, built here and read by ./parse.ts (docs/invitations.md "In the browser"):
// /accept-invite?inviteId=…#secret=… . The secret rides in the fragment, which browsers never send
// to a server. Links are written percent-encoded; the secret is base64url, which encoding leaves
// as it is, so the links already sent (written raw) read the same. The older ?secret= in the
// query (SPEC.md §2) is still read. Two modules because the landing page builds a path (after
// sign-in from an invitation) and must not carry the reading in its budgeted chunk.

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
