import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ASSIGNABLE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  TEAM_ROLES,
  canManageMembers,
  isOwner,
  isTeamRole,
  type TeamRole,
} from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InviteLinkDialog } from './InviteLinkDialog';
import { InviteMemberForm } from './InviteMemberForm';
import { KeyConfirmDialog } from './KeyConfirmDialog';
import { KnownKeyDamagedError } from './knownKeys';
import { RotationIncompleteError } from './membersApi';
import { MEMBER_MESSAGES, asSentence, memberErrorMessage, memberName, rotationProgressText } from './memberForm';
import type { InviteStep, KeyRecipient, TeamDetail, TeamMember, TeamMembersApi } from './model';
import { PendingInvitationsList } from './PendingInvitationsList';
import type { RotationProgress } from './rotation';
import './teams.css';

export interface ManageMembersDialogProps {
  readonly api: TeamMembersApi;
  readonly teamId: string;
  readonly onClose: () => void;
  /** After anything that changes the team list (members added, removed, roles): the list reloads. */
  readonly onChanged: () => void;
  /** After the user left the team: the modal is closed by the caller. */
  readonly onLeft: () => void;
}

type Load = { readonly status: 'loading' } | { readonly status: 'failed'; readonly message: string } | { readonly status: 'ready'; readonly team: TeamDetail };

/** What a nested confirmation is about. */
type Confirm =
  | { readonly kind: 'invite-link'; readonly step: Extract<InviteStep, { kind: 'link' }> }
  | { readonly kind: 'grant'; readonly recipient: KeyRecipient }
  | { readonly kind: 'reconfirm'; readonly recipient: KeyRecipient }
  | { readonly kind: 'remove'; readonly member: TeamMember }
  | { readonly kind: 'leave' }
  | null;

/**
 * 'Manage Team Members' (SPEC.md §2): add by invitation (owner), pending invitations (owner and
 * admin), members with roles, key access, removal, leaving.
 */
export function ManageMembersDialog({ api, teamId, onClose, onChanged, onLeft }: ManageMembersDialogProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [announcement, setAnnouncement] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [busyMember, setBusyMember] = useState<string | null>(null);
  const [invitationsVersion, setInvitationsVersion] = useState(0);
  const [inviteNotice, setInviteNotice] = useState<string | null>(null);
  const membersHeadingId = useId();
  const membersHeadingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // Where focus goes once a confirmation has closed (its own clean-up may find its opener gone or disabled).
  const focusAfter = useRef<'email' | 'members' | null>(null);
  const runningRef = useRef(false);
  const [running, setRunning] = useState(false);
  const latest = useRef(0);

  /** Reads the team again; only the latest request may set the state. Never rejects. */
  const reload = useCallback((): Promise<void> => {
    latest.current += 1;
    const request = latest.current;
    return api.load(teamId).then(
      (team) => {
        if (request === latest.current) setLoad({ status: 'ready', team });
      },
      (error: unknown) => {
        console.error(MEMBER_MESSAGES.loadFailed, error);
        if (request === latest.current) setLoad({ status: 'failed', message: memberErrorMessage(error, MEMBER_MESSAGES.loadFailed) });
      },
    );
  }, [api, teamId]);

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null || confirm !== null) return;
    focusAfter.current = null;
    (target === 'email' ? (emailRef.current ?? membersHeadingRef.current) : membersHeadingRef.current)?.focus();
  });

  useEffect(() => {
    void reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  function close() {
    if (!runningRef.current) onClose();
  }

  async function changeRole(member: TeamMember, role: TeamRole) {
    setBusyMember(member.uid);
    setListError(null);
    try {
      await api.changeRole(teamId, member.uid, role);
      setAnnouncement(`${memberName(member)} is now ${ROLE_LABELS[role]}.`);
      onChanged();
    } catch (error) {
      console.error(MEMBER_MESSAGES.roleFailed, error);
      setListError(memberErrorMessage(error, MEMBER_MESSAGES.roleFailed));
    }
    await reload();
    setBusyMember(null);
  }

  async function startGrant(member: TeamMember) {
    setBusyMember(member.uid);
    setListError(null);
    try {
      const recipient = await api.prepareGrant(teamId, member.uid);
      setConfirm({ kind: 'grant', recipient });
    } catch (error) {
      console.error(MEMBER_MESSAGES.grantFailed, error);
      setListError(memberErrorMessage(error, MEMBER_MESSAGES.grantFailed));
    }
    setBusyMember(null);
  }

  /** After a rotation stopped at a damaged remembered key: the member's fingerprint, to confirm again. */
  async function startReconfirm(userId: string) {
    setListError(null);
    try {
      const recipient = await api.prepareReconfirm(teamId, userId);
      setConfirm({ kind: 'reconfirm', recipient });
    } catch (error) {
      console.error(MEMBER_MESSAGES.rotationFailed, error);
      setListError(memberErrorMessage(error, MEMBER_MESSAGES.rotationFailed));
    }
  }

  function invitationsChanged() {
    setInvitationsVersion((version) => version + 1);
  }

  function invitationSent(email: string) {
    setInviteNotice(`Invitation sent to ${email}.`);
    invitationsChanged();
  }

  /** Runs a confirmed action: the confirmation stays open (and cannot close) until it settles. */
  async function run(action: () => Promise<void>): Promise<boolean> {
    if (runningRef.current) return false;
    runningRef.current = true;
    setRunning(true);
    try {
      await action();
      return true;
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  }

  const team = load.status === 'ready' ? load.team : null;
  const manages = team !== null && canManageMembers(team.myRole);

  return (
    <Dialog open onClose={close} title="Manage Team Members" description={team?.name} size="md">
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {load.status === 'loading' && (
        <p role="status" className="teams-dialog__progress">
          Loading members…
        </p>
      )}
      {load.status === 'failed' && (
        <div role="alert" className="notice notice--error teams-section__failure">
          <p>{load.message}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setLoad({ status: 'loading' });
              void reload();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {team !== null && (
        <div className="members">
          {manages && team.rotationPending && (
            <PendingRotation
              onFinish={(onProgress) =>
                run(async () => {
                  const outcome = await api.finishPendingRotation(teamId, onProgress);
                  setAnnouncement(outcome === 'awaiting-owner' ? MEMBER_MESSAGES.awaitingOwner : 'The team key was rotated.');
                  await reload();
                })
              }
              onReconfirm={(userId) => void startReconfirm(userId)}
              running={running}
            />
          )}
          {isOwner(team.myRole) && (
            <InviteMemberForm
              team={team}
              emailRef={emailRef}
              disabled={running}
              invite={(email, role) => {
                setInviteNotice(null);
                return api.invite(teamId, email, role);
              }}
              onInvited={(step) => {
                invitationsChanged();
                if (step.kind === 'link') setConfirm({ kind: 'invite-link', step });
                else invitationSent(step.email);
              }}
            />
          )}
          {inviteNotice !== null && (
            <p role="status" className="notice notice--success">
              {inviteNotice}
            </p>
          )}
          {manages && (
            <PendingInvitationsList
              api={api}
              teamId={teamId}
              version={invitationsVersion}
              disabled={running}
              onAnnounce={setAnnouncement}
            />
          )}
          <section className="members__section" aria-labelledby={membersHeadingId}>
            <h3 id={membersHeadingId} ref={membersHeadingRef} tabIndex={-1} className="members__heading">
              Current Members ({team.members.length})
            </h3>
            {listError !== null && (
              <p role="alert" className="notice notice--error">
                {listError}
              </p>
            )}
            <ul className="members__list" aria-label="Current members">
              {team.members.map((member) => (
                <MemberRow
                  key={member.uid}
                  member={member}
                  manages={manages}
                  canGrant={team.iHoldKey && (manages || member.role === 'owner')}
                  busy={busyMember === member.uid || running}
                  onRole={(role) => void changeRole(member, role)}
                  onGrant={() => void startGrant(member)}
                  onRemove={() => {
                    setListError(null);
                    setConfirm({ kind: 'remove', member });
                  }}
                />
              ))}
            </ul>
          </section>
          <RoleDescriptions />
          {!isOwner(team.myRole) && (
            <div className="members__leave">
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  setConfirm({ kind: 'leave' });
                }}
              >
                Leave team
              </Button>
            </div>
          )}
        </div>
      )}
      {confirm?.kind === 'invite-link' && (
        <InviteLinkDialog
          email={confirm.step.email}
          link={confirm.step.link}
          sendEmail={() => api.emailInvitation(confirm.step.inviteId, confirm.step.link)}
          onDone={(outcome) => {
            const { email } = confirm.step;
            focusAfter.current = 'email';
            setConfirm(null);
            if (outcome === 'emailed') invitationSent(email);
            else setInviteNotice(`${email} is invited. The invitation is valid for 7 days.`);
          }}
        />
      )}
      {confirm?.kind === 'grant' && (
        <KeyConfirmDialog
          title="Grant Access"
          recipient={confirm.recipient}
          intro={`Share the team key with ${confirm.recipient.email ?? 'this member'} so they can open the team’s passwords.`}
          confirmLabel="Grant Access"
          runningLabel="Granting…"
          failure={MEMBER_MESSAGES.grantFailed}
          willShareKey
          onConfirm={() =>
            run(async () => {
              await api.grant(teamId, confirm.recipient);
              setAnnouncement(`${confirm.recipient.email ?? 'The member'} can now open the team’s passwords.`);
              onChanged();
              await reload();
            })
          }
          onDone={() => {
            focusAfter.current = 'members';
            setConfirm(null);
          }}
        />
      )}
      {confirm?.kind === 'reconfirm' && (
        <KeyConfirmDialog
          title="Confirm Key"
          recipient={confirm.recipient}
          intro={`Confirm the security key of ${confirm.recipient.email ?? 'this member'} again, so the team key can be rotated for them.`}
          confirmLabel="Confirm Key"
          runningLabel="Confirming…"
          failure={MEMBER_MESSAGES.rotationFailed}
          willShareKey
          onConfirm={() =>
            run(async () => {
              await api.reconfirm(teamId, confirm.recipient);
              setAnnouncement(`The key of ${confirm.recipient.email ?? 'the member'} is confirmed again. Rotate the team key to continue.`);
              await reload();
            })
          }
          onDone={() => {
            focusAfter.current = 'members';
            setConfirm(null);
          }}
        />
      )}
      {team !== null && confirm?.kind === 'remove' && (
        <RemoveMemberDialog
          member={confirm.member}
          teamName={team.name}
          run={(onProgress) =>
            run(async () => {
              try {
                await api.remove(teamId, confirm.member.uid, onProgress);
              } finally {
                // Removed, or not: the list shows what the server holds now.
                onChanged();
                await reload();
              }
              setAnnouncement(`${memberName(confirm.member)} was removed and the team key was rotated.`);
            })
          }
          onDone={(removed) => {
            if (removed) focusAfter.current = 'members';
            setConfirm(null);
          }}
        />
      )}
      {team !== null && confirm?.kind === 'leave' && (
        <LeaveTeamDialog
          teamName={team.name}
          run={() =>
            run(async () => {
              await api.leave(teamId);
            })
          }
          onCancel={() => {
            setConfirm(null);
          }}
          onLeft={() => {
            setConfirm(null);
            onChanged();
            onLeft();
          }}
        />
      )}
    </Dialog>
  );
}

interface MemberRowProps {
  readonly member: TeamMember;
  readonly manages: boolean;
  readonly canGrant: boolean;
  readonly busy: boolean;
  readonly onRole: (role: TeamRole) => void;
  readonly onGrant: () => void;
  readonly onRemove: () => void;
}

function MemberRow({ member, manages, canGrant, busy, onRole, onGrant, onRemove }: MemberRowProps) {
  const nameId = useId();
  const name = memberName(member);
  const editable = manages && !member.isMe && member.role !== 'owner';
  return (
    <li className="member" aria-labelledby={nameId}>
      <div className="member__who">
        <span id={nameId} className="member__name">
          {name}
        </span>
        {member.isMe && <span className="member__you">(you)</span>}
        {member.needsKey && <span className="team-item__badge team-item__badge--warning">Needs Key</span>}
      </div>
      <div className="member__controls">
        {editable ? (
          <select
            className="input member__role-select"
            aria-label={`Role of ${name}`}
            value={member.role}
            disabled={busy}
            onChange={(event) => {
              const next = event.target.value;
              if (isTeamRole(next) && next !== member.role) onRole(next);
            }}
          >
            {ASSIGNABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        ) : member.role === 'owner' ? (
          <span className="team-item__badge team-item__badge--owner">Owner</span>
        ) : (
          <span className="member__role">{ROLE_LABELS[member.role]}</span>
        )}
        {canGrant && member.needsKey && !member.isMe && (
          <Button size="sm" aria-label={`Grant Access to ${name}`} disabled={busy} onClick={onGrant}>
            Grant Access
          </Button>
        )}
        {editable && (
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} disabled={busy} onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

function RoleDescriptions() {
  const headingId = useId();
  return (
    <section className="members__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="members__heading">
        Roles
      </h3>
      <dl className="members__roles">
        {TEAM_ROLES.map((role) => (
          <div key={role} className="members__role-description">
            <dt>{ROLE_LABELS[role]}</dt>
            <dd>{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface PendingRotationProps {
  readonly onFinish: (onProgress: (progress: RotationProgress) => void) => Promise<boolean>;
  /** The rotation stopped at a damaged remembered key of this member: confirm their fingerprint again. */
  readonly onReconfirm: (userId: string) => void;
  readonly running: boolean;
}

function PendingRotation({ onFinish, onReconfirm, running }: PendingRotationProps) {
  const [progress, setProgress] = useState<RotationProgress | null>(null);
  const [active, setActive] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [damaged, setDamaged] = useState<KnownKeyDamagedError | null>(null);

  async function finish() {
    setActive(true);
    setFailure(null);
    setDamaged(null);
    setProgress(null);
    try {
      await onFinish(setProgress);
    } catch (error) {
      console.error(MEMBER_MESSAGES.rotationFailed, error);
      setFailure(memberErrorMessage(error, MEMBER_MESSAGES.rotationFailed));
      if (error instanceof KnownKeyDamagedError) setDamaged(error);
    }
    setActive(false);
  }

  return (
    <div className="notice notice--warning members__rotation">
      <p>
        A member left this team. Rotate the team key so that nothing shared from now on opens with the key they held: a new key is made
        and every team password is re-encrypted.
      </p>
      {failure !== null && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}
      {active && (
        <p role="status" className="teams-dialog__progress">
          {rotationProgressText(progress)}
        </p>
      )}
      <Button size="sm" onClick={() => void finish()} disabled={running || active}>
        Rotate team key
      </Button>
      {damaged !== null && (
        <Button size="sm" variant="secondary" onClick={() => { onReconfirm(damaged.userId); }} disabled={running || active}>
          Confirm key of {damaged.who}
        </Button>
      )}
    </div>
  );
}

interface RemoveMemberDialogProps {
  readonly member: TeamMember;
  readonly teamName: string;
  readonly run: (onProgress: (progress: RotationProgress) => void) => Promise<boolean>;
  /** removed: the member is gone (even when the rotation after it still has to be finished). */
  readonly onDone: (removed: boolean) => void;
}

function RemoveMemberDialog({ member, teamName, run, onDone }: RemoveMemberDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<RotationProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removedOnly, setRemovedOnly] = useState(false);
  const name = memberName(member);

  async function confirm() {
    setRunning(true);
    setError(null);
    let ok = false;
    try {
      ok = await run(setProgress);
    } catch (caught) {
      if (caught instanceof RotationIncompleteError) {
        console.error(MEMBER_MESSAGES.rotationFailed, caught);
        setRemovedOnly(true);
        setError(
          `${name} was removed, but the team key rotation did not finish: ${asSentence(memberErrorMessage(caught.cause, MEMBER_MESSAGES.rotationFailed))} ` +
            'Finish it from this dialog.',
        );
      } else {
        console.error(MEMBER_MESSAGES.removeFailed, caught);
        setError(memberErrorMessage(caught, MEMBER_MESSAGES.removeFailed));
      }
    }
    setRunning(false);
    setProgress(null);
    if (ok) onDone(true);
  }

  return (
    <Dialog
      open
      size="sm"
      title="Remove Member"
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!running) onDone(removedOnly);
      }}
    >
      <p>
        Remove {name} from “{teamName}”? The team key will be rotated: a new key is made and every team password is re-encrypted, so the
        key {name} held opens nothing shared from now on.
      </p>
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {running && (
        <p role="status" className="teams-dialog__progress">
          {progress === null ? `Removing ${name}…` : rotationProgressText(progress)}
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={() => {
            onDone(removedOnly);
          }}
          disabled={running}
        >
          {removedOnly ? 'OK' : 'Cancel'}
        </Button>
        {!removedOnly && (
          <Button variant="danger" onClick={() => void confirm()} disabled={running}>
            {running ? 'Removing…' : 'Remove Member'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

interface LeaveTeamDialogProps {
  readonly teamName: string;
  readonly run: () => Promise<boolean>;
  readonly onCancel: () => void;
  readonly onLeft: () => void;
}

function LeaveTeamDialog({ teamName, run, onCancel, onLeft }: LeaveTeamDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setRunning(true);
    setError(null);
    let ok = false;
    try {
      ok = await run();
    } catch (caught) {
      console.error(MEMBER_MESSAGES.leaveFailed, caught);
      setError(memberErrorMessage(caught, MEMBER_MESSAGES.leaveFailed));
    }
    setRunning(false);
    if (ok) onLeft();
  }

  return (
    <Dialog
      open
      size="sm"
      title="Leave Team"
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!running) onCancel();
      }}
    >
      <p>Leave “{teamName}”? You lose access to its passwords at once; only the owner can add you again.</p>
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={running}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={running}>
          {running ? 'Leaving…' : 'Leave Team'}
        </Button>
      </div>
    </Dialog>
  );
}
