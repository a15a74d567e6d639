import { useCallback, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { INVITATION_MESSAGES, normalizeEmail } from '@keyloft/contract/invitations';
import { noticeState, openTeamState } from '@keyloft/contract/navigationNotice';
import { useSession } from '../../session/SessionContext';
import { PRODUCT_NAME } from '../../ui/brand';
import { Button } from '../../ui/Button';
import { EmailLinkLayout, EmailLinkLoading } from '../../ui/EmailLinkLayout';
import { FailedState } from '../../ui/FailedState';
import { LinkButton } from '../../ui/LinkButton';
import { SingleFlight } from '../../ui/singleFlight';
import { useSharedTask } from '../../ui/useSharedTask';
import { alreadyMemberText, canRetryInvitation, lookupErrorMessage, responseErrorMessage } from './invitationTexts';
import { readInviteLink } from '@keyloft/contract/inviteLink/parse';
import type { AcceptInviteApi, InvitationPreview } from './model';
import './invitations.css';

export interface AcceptInvitePageProps {
  /** Keep it stable between renders. */
  readonly api: AcceptInviteApi;
  /**
   * True while the auth service has not yet said who is signed in (a freshly loaded tab): the page
   * keeps loading rather than offer sign-in to someone about to be found signed in.
   */
  readonly authPending?: boolean;
}

export const ACCEPT_INVITE_TITLE = 'Team Invitation';

// Module level, so StrictMode's second mount joins the first mount's call instead of making another.
const lookups = new SingleFlight<InvitationPreview>(false);
const accepts = new SingleFlight<undefined>(false);

/**
 * /accept-invite?inviteId=…#secret=… (SPEC.md §2 "Invitation acceptance"; docs/invitations.md):
 * looks the invitation up, then either sends a signed-out visitor to sign in or sign up with the
 * invitation in hand, or accepts it for the signed-in invitee and goes to the dashboard.
 */
export function AcceptInvitePage({ api, authPending = false }: AcceptInvitePageProps) {
  const [query] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const link = readInviteLink(query, hash);
  const inviteId = link?.inviteId ?? null;
  const secret = link?.secret ?? null;

  const firstLookup = useSharedTask(
    inviteId,
    lookups,
    useCallback(async () => {
      if (inviteId === null) throw new Error('No invitation id');
      try {
        return await api.lookup(inviteId);
      } catch (error) {
        console.error(INVITATION_MESSAGES.loadFailed, error);
        throw error;
      }
    }, [api, inviteId]),
  );
  // A link reopened after the invitation was accepted is answered 'already a member' only to a
  // signed-in member (issue #17). The first lookup may have run before the session was known, so a
  // 'no longer valid' answer is asked once more as the signed-in user.
  const signedInUid = session.status === 'signed-out' ? null : session.user.uid;
  const notValid = firstLookup.result?.ok === false && lookupErrorMessage(firstLookup.result.error) === INVITATION_MESSAGES.notValid;
  const recheckKey = notValid && !authPending && signedInUid !== null && inviteId !== null ? `${inviteId}|${signedInUid}` : null;
  const recheck = useSharedTask(
    recheckKey,
    lookups,
    useCallback(async () => {
      if (inviteId === null) throw new Error('No invitation id');
      return api.lookup(inviteId);
    }, [api, inviteId]),
  );
  // The recheck's answer when it found the user in the team; else the first lookup's, as before.
  const lookup = recheck.result?.ok === true && recheck.result.value.alreadyMemberOf !== undefined ? recheck : firstLookup;
  const rechecking = recheckKey !== null && recheck.result === null;
  const preview = lookup.result?.ok === true ? lookup.result.value : null;

  const user = session.status === 'signed-out' ? null : session.user;
  const sameAddress = user !== null && preview !== null && user.email !== null && normalizeEmail(user.email) === normalizeEmail(preview.email);
  // Keyed by account and invitation: a second render, a StrictMode remount or a token refresh never accepts again.
  const alreadyMemberOf = user === null ? undefined : preview?.alreadyMemberOf;
  const acceptKey =
    !authPending && user !== null && sameAddress && inviteId !== null && alreadyMemberOf === undefined ? `${user.uid}/${inviteId}` : null;
  const accept = useSharedTask(
    acceptKey,
    accepts,
    useCallback(async () => {
      if (inviteId === null) throw new Error('No invitation id');
      try {
        await api.accept(inviteId, secret);
      } catch (error) {
        // The error only: the secret is never logged.
        console.error(INVITATION_MESSAGES.acceptFailed, error);
        throw error;
      }
      return undefined;
    }, [api, inviteId, secret]),
  );
  const accepted = accept.result?.ok === true;

  useEffect(() => {
    if (accepted) void navigate('/dashboard', { replace: true, state: noticeState(INVITATION_MESSAGES.joined) });
  }, [accepted, navigate]);
  const teamName = preview?.teamName ?? '';
  useEffect(() => {
    if (alreadyMemberOf !== undefined) {
      void navigate('/dashboard', { replace: true, state: openTeamState(alreadyMemberText(teamName), alreadyMemberOf) });
    }
  }, [alreadyMemberOf, teamName, navigate]);

  let content: ReactNode;
  if (link === null) {
    content = <InvitationError message={INVITATION_MESSAGES.noInviteId} />;
  } else if (lookup.result === null || rechecking) {
    content = <EmailLinkLoading heading={ACCEPT_INVITE_TITLE} status="Loading invitation..." />;
  } else if (!lookup.result.ok) {
    content = <LookupFailed error={lookup.result.error} onRetry={lookup.retry} />;
  } else if (authPending) {
    content = <EmailLinkLoading heading={ACCEPT_INVITE_TITLE} status="Loading invitation..." />;
  } else if (user === null) {
    const invitation = lookup.result.value;
    content = invitation.accountExists ? (
      <AccountFound
        email={invitation.email}
        onSignIn={() => {
          // The key travels only in the link, for accounts too: the secret comes back to this page
          // after sign-in (AuthModalHost), so the team key is stored for them and they join with it.
          void navigate('/', {
            state: authModalState(false, { inviteId: link.inviteId, sharedSecret: secret ?? undefined, email: invitation.email }),
          });
        }}
      />
    ) : (
      <Welcome
        teamName={invitation.teamName}
        onCreateAccount={() => {
          // The secret goes nowhere but here: the auth modal stores the team key for the new account with it.
          void navigate('/', {
            state: authModalState(true, { inviteId: link.inviteId, sharedSecret: secret ?? undefined, email: invitation.email }),
          });
        }}
      />
    );
  } else if (alreadyMemberOf !== undefined) {
    content = <EmailLinkLoading heading={ACCEPT_INVITE_TITLE} status={alreadyMemberText(teamName)} />;
  } else if (!sameAddress) {
    content = <WrongAccount invitedEmail={lookup.result.value.email} signedInEmail={user.email} />;
  } else if (accept.result === null || accept.result.ok) {
    content = <EmailLinkLoading heading={ACCEPT_INVITE_TITLE} status="Accepting invitation..." />;
  } else {
    content = <AcceptFailed error={accept.result.error} onRetry={accept.retry} />;
  }
  return <EmailLinkLayout title={ACCEPT_INVITE_TITLE}>{content}</EmailLinkLayout>;
}

function InvitationError({ message, onRetry, children }: { message: string; onRetry?: (() => void) | undefined; children?: ReactNode }) {
  return (
    <FailedState
      heading="Invitation Error"
      message={message}
      onRetry={onRetry}
      back={
        <LinkButton to="/" variant={onRetry === undefined ? 'primary' : 'secondary'}>
          Go to Home
        </LinkButton>
      }
      actionsClassName="invite-page__actions"
    >
      {children}
    </FailedState>
  );
}

function LookupFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = lookupErrorMessage(error);
  return <InvitationError message={message} onRetry={canRetryInvitation(message) ? onRetry : undefined} />;
}

function AcceptFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = responseErrorMessage(error, INVITATION_MESSAGES.acceptFailed);
  return <InvitationError message={message} onRetry={canRetryInvitation(message) ? onRetry : undefined} />;
}

function WrongAccount({ invitedEmail, signedInEmail }: { invitedEmail: string; signedInEmail: string | null }) {
  return (
    <InvitationError message={INVITATION_MESSAGES.wrongAccount}>
      <p>
        This invitation is for <strong className="invite-page__email">{invitedEmail}</strong>
        {signedInEmail !== null && (
          <>
            ; you are signed in as <strong className="invite-page__email">{signedInEmail}</strong>
          </>
        )}
        .
      </p>
    </InvitationError>
  );
}

function AccountFound({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  return (
    <>
      <h1>Account Found!</h1>
      <p>
        An account already exists for <strong className="invite-page__email">{email}</strong>.
      </p>
      <p>Please sign in to accept this invitation.</p>
      <div className="invite-page__actions">
        <Button variant="primary" onClick={onSignIn}>
          Sign In
        </Button>
      </div>
    </>
  );
}

function Welcome({ teamName, onCreateAccount }: { teamName: string; onCreateAccount: () => void }) {
  const team = teamName.trim() === '' ? 'a team' : teamName.trim();
  return (
    <>
      <h1>Welcome to {PRODUCT_NAME}!</h1>
      <p>
        You've been invited to join <strong className="invite-page__team">{team}</strong>.
      </p>
      <p>You'll need to create an account to accept this invitation.</p>
      <div className="invite-page__actions">
        <Button variant="primary" onClick={onCreateAccount}>
          Create Account
        </Button>
      </div>
    </>
  );
}
