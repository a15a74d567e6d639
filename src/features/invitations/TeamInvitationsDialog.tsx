import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { ROLE_LABELS } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { mutationKeys, resourceKeys } from '../../session/serverState/keys';
import { Dialog } from '../../ui/Dialog';
import { expiryText, invitationTeamName, responseErrorMessage } from './invitationTexts';
import type { MyInvitation, MyInvitationsApi } from './model';
import type { PendingInvitationsController } from './usePendingInvitations';
import './invitations.css';
import { LoadFailed } from '../../ui/LoadFailed';
import { formatDate, validDate } from '../../ui/format';

export interface TeamInvitationsDialogProps {
  readonly api: MyInvitationsApi;
  /** The list shown (usePendingInvitations over the same api); refreshed after each answer. */
  readonly pending: PendingInvitationsController;
  readonly onClose: () => void;
  /** After an accept (the session's team reads are already stale by then). */
  readonly onJoined?: (teamId: string) => void;
}

type Answer = 'accept' | 'decline';

export const NO_PENDING_INVITATIONS = 'You have no pending invitations.';

/** One answer on its way: what useMutationState reads back as each row's busy state. */
interface Answering {
  readonly invitation: MyInvitation;
  readonly answer: Answer;
}

/**
 * The answers on their way, by invitation id, from the session's shared mutation state (the query
 * client's), not a map of this dialog's own: an answer still running when the dialog is closed
 * and opened again shows its row busy, and there is one record of what is running.
 */
function useAnswersOnTheirWay(): ReadonlyMap<string, Answer> {
  const running = useMutationState({
    filters: { mutationKey: mutationKeys.answerInvitation(), status: 'pending' },
    select: (mutation) => mutation.state.variables as Answering | undefined,
  });
  return new Map(running.flatMap((answering) => (answering === undefined ? [] : [[answering.invitation.id, answering.answer] as const])));
}

/** 'Team Invitations' (SPEC.md §2): the user's pending invitations, each accepted or declined. */
export function TeamInvitationsDialog({ api, pending, onClose, onJoined }: TeamInvitationsDialogProps) {
  const client = useQueryClient();
  const busy = useAnswersOnTheirWay();
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const bodyRef = useRef<HTMLDivElement>(null);
  // Expiry is read against the moment the modal opened: it says days, so it need not tick.
  const [openedAt] = useState(() => Date.now());

  // Pending from the call until the list shows what the server holds after it, as the row's busy
  // state should be; a refusal is shown here, so the mutation itself never fails.
  const answering = useMutation({
    mutationKey: mutationKeys.answerInvitation(),
    mutationFn: async ({ invitation, answer }: Answering) => {
      const team = invitationTeamName(invitation.teamName);
      try {
        if (answer === 'accept') {
          await api.accept(invitation.id);
          setAnnouncement(`You joined ${team}.`);
          void client.invalidateQueries({ queryKey: resourceKeys.teams() });
          onJoined?.(invitation.teamId);
        } else {
          await api.decline(invitation.id);
          setAnnouncement(`You declined the invitation to ${team}.`);
        }
      } catch (caught) {
        const fallback = answer === 'accept' ? INVITATION_MESSAGES.acceptFailed : INVITATION_MESSAGES.declineFailed;
        console.error(fallback, caught);
        setError(responseErrorMessage(caught, fallback));
      }
      // Answered or refused, the list shows what the server holds now (a refused invitation may be gone).
      await pending.refresh();
    },
  });

  function respond(invitation: MyInvitation, answer: Answer) {
    // Read from the client, not the last render: a second click in the same tick finds the first.
    const running = client.isMutating({
      mutationKey: mutationKeys.answerInvitation(),
      predicate: (mutation) => (mutation.state.variables as Answering | undefined)?.invitation.id === invitation.id,
    });
    if (running > 0) return;
    setError(null);
    setAnnouncement('');
    answering.mutate({ invitation, answer });
  }

  const { status, invitations } = pending;

  // An answered row goes, and the focus on its button with it: keep focus in the modal.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) bodyRef.current?.focus();
  }, [invitations, busy.size]);

  return (
    // Focus starts on the content, not on the first Accept, so that Enter accepts nothing by accident.
    <Dialog open onClose={onClose} title="Team Invitations" size="md" initialFocusRef={bodyRef}>
      <div ref={bodyRef} tabIndex={-1} className="invitations-dialog">
        <p role="status" className="visually-hidden">
          {announcement}
        </p>
        {status === 'failed' && (
          <LoadFailed message={INVITATION_MESSAGES.pendingLoadFailed} onRetry={pending.retry} className="invitations-dialog__failure" />
        )}
        {error !== null && (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        )}
        {status === 'loading' && invitations.length === 0 && (
          <p role="status" className="invitations-dialog__progress">
            Loading invitations…
          </p>
        )}
        {status === 'ready' && invitations.length === 0 && <p className="invitations-dialog__empty">{NO_PENDING_INVITATIONS}</p>}
        {invitations.length > 0 && (
          <ul className="invitations-dialog__list" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                busy={busy.get(invitation.id) ?? null}
                now={openedAt}
                onAnswer={(answer) => {
                  respond(invitation, answer);
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

function InvitationRow({
  invitation,
  busy,
  now,
  onAnswer,
}: {
  invitation: MyInvitation;
  busy: Answer | null;
  now: number;
  onAnswer: (answer: Answer) => void;
}) {
  const nameId = useId();
  const team = invitationTeamName(invitation.teamName);
  // A date standing on its own (the tooltip), so in the user's locale; a broken one gives no tooltip
  // rather than a throw that would take the whole list down.
  const expires = validDate(invitation.expiresAt);
  return (
    <li className="invitation" aria-labelledby={nameId} aria-busy={busy !== null}>
      <div className="invitation__about">
        <span id={nameId} className="invitation__team">
          {team}
        </span>
        <span className="invitation__detail">Role: {ROLE_LABELS[invitation.role]}</span>
        {invitation.invitedByEmail !== null && <span className="invitation__detail invitation__from">From {invitation.invitedByEmail}</span>}
        <span className="invitation__detail">
          <time dateTime={expires?.toISOString()} title={formatDate(invitation.expiresAt, 'mediumWithTime') ?? undefined}>
            {expiryText(invitation.expiresAt, now)}
          </time>
        </span>
      </div>
      <div className="invitation__actions">
        <Button
          size="sm"
          disabled={busy !== null}
          aria-label={busy === 'accept' ? `Accepting invitation to ${team}` : `Accept invitation to ${team}`}
          onClick={() => {
            onAnswer('accept');
          }}
        >
          {busy === 'accept' ? 'Accepting…' : 'Accept'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy !== null}
          aria-label={busy === 'decline' ? `Declining invitation to ${team}` : `Decline invitation to ${team}`}
          onClick={() => {
            onAnswer('decline');
          }}
        >
          {busy === 'decline' ? 'Declining…' : 'Decline'}
        </Button>
      </div>
    </li>
  );
}
