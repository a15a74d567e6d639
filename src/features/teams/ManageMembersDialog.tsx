import { useCallback, useEffect, useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import {
  ASSIGNABLE_ROLES,
  DEFAULT_MEMBER_ROLE,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  TEAM_ROLES,
  canManageMembers,
  isOwner,
  isTeamRole,
  type TeamRole,
} from '../../domain/teamPermissions';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { RotationIncompleteError } from './membersApi';
import { MEMBER_MESSAGES, memberErrorMessage, memberName, rotationProgressText, validateMemberEmail } from './memberForm';
import type { KeyRecipient, TeamDetail, TeamMember, TeamMembersApi } from './model';
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
  | { readonly kind: 'add'; readonly recipient: KeyRecipient; readonly role: TeamRole }
  | { readonly kind: 'grant'; readonly recipient: KeyRecipient }
  | { readonly kind: 'remove'; readonly member: TeamMember }
  | { readonly kind: 'leave' }
  | null;

/** 'Manage Team Members' (SPEC.md §2): add (owner), members with roles, key access, removal, leaving. */
export function ManageMembersDialog({ api, teamId, onClose, onChanged, onLeft }: ManageMembersDialogProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [announcement, setAnnouncement] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [busyMember, setBusyMember] = useState<string | null>(null);
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
                  await api.finishPendingRotation(teamId, onProgress);
                  setAnnouncement('The team key was rotated.');
                  await reload();
                })
              }
              running={running}
            />
          )}
          {isOwner(team.myRole) && (
            <AddMemberForm
              team={team}
              emailRef={emailRef}
              disabled={running}
              prepare={(email) => api.prepareAdd(teamId, email)}
              onPrepared={(recipient, role) => {
                setConfirm({ kind: 'add', recipient, role });
              }}
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
                  canGrant={manages && team.iHoldKey}
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
      {team !== null && confirm?.kind === 'add' && (
        <KeyConfirmDialog
          title="Confirm New Member"
          recipient={confirm.recipient}
          intro={`Add ${confirm.recipient.email ?? 'this person'} as ${ROLE_LABELS[confirm.role]}.`}
          confirmLabel="Add Member"
          runningLabel="Adding…"
          failure={MEMBER_MESSAGES.addFailed}
          willShareKey={team.iHoldKey}
          onConfirm={() =>
            run(async () => {
              await api.add(teamId, confirm.recipient, confirm.role);
              setAnnouncement(`${confirm.recipient.email ?? 'The new member'} was added to the team.`);
              onChanged();
              await reload();
            })
          }
          onDone={() => {
            focusAfter.current = 'email';
            setConfirm(null);
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

interface AddMemberFormProps {
  readonly team: TeamDetail;
  readonly emailRef: RefObject<HTMLInputElement | null>;
  readonly disabled: boolean;
  readonly prepare: (email: string) => Promise<KeyRecipient>;
  readonly onPrepared: (recipient: KeyRecipient, role: TeamRole) => void;
}

/** The owner's add-member form (SPEC.md §5 "Add member"): step one, the lookup. */
function AddMemberForm({ team, emailRef, disabled, prepare, onPrepared }: AddMemberFormProps) {
  const headingId = useId();
  const emailId = useId();
  const emailErrorId = useId();
  const roleId = useId();
  const roleHintId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>(DEFAULT_MEMBER_ROLE);
  const [touched, setTouched] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [looking, setLooking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const error = validateMemberEmail(email, team.members);
  // Errors show once the field was left (or the address is already listed) and then follow typing.
  const shownError = error !== null && (touched || error === MEMBER_MESSAGES.alreadyMember) ? error : null;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (error !== null || looking) return;
    setLooking(true);
    setFailure(null);
    try {
      const recipient = await prepare(email.trim().toLowerCase());
      setEmail('');
      setTouched(false);
      setDirty(false);
      setRole(DEFAULT_MEMBER_ROLE);
      onPrepared(recipient, role);
    } catch (caught) {
      console.error(MEMBER_MESSAGES.addFailed, caught);
      setFailure(memberErrorMessage(caught, MEMBER_MESSAGES.addFailed));
    }
    setLooking(false);
  }

  return (
    <section className="members__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="members__heading">
        Add Member
      </h3>
      <form className="members__add" onSubmit={(event) => void submit(event)} noValidate>
        {failure !== null && (
          <p role="alert" className="notice notice--error members__add-failure">
            {failure}
          </p>
        )}
        <div className="field members__email">
          <label htmlFor={emailId} className="field__label">
            Email
          </label>
          <input
            ref={emailRef}
            id={emailId}
            className="input"
            type="email"
            value={email}
            autoComplete="off"
            required
            aria-invalid={shownError !== null}
            aria-describedby={shownError !== null ? emailErrorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setDirty(true);
              setFailure(null);
            }}
            onBlur={() => {
              if (dirty) setTouched(true);
            }}
          />
          {shownError !== null && (
            <p id={emailErrorId} className="field__error">
              {shownError}
            </p>
          )}
        </div>
        <div className="field members__role">
          <label htmlFor={roleId} className="field__label">
            Role
          </label>
          <select
            id={roleId}
            className="input"
            value={role}
            aria-describedby={roleHintId}
            onChange={(event) => {
              if (isTeamRole(event.target.value)) setRole(event.target.value);
            }}
          >
            {ASSIGNABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
          <p id={roleHintId} className="field__hint">
            {ROLE_DESCRIPTIONS[role]}
          </p>
        </div>
        <div className="members__add-submit">
          <Button type="submit" disabled={error !== null || looking || disabled}>
            {looking ? 'Looking up…' : 'Add Member'}
          </Button>
        </div>
      </form>
    </section>
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

function PendingRotation({ onFinish, running }: { onFinish: (onProgress: (progress: RotationProgress) => void) => Promise<boolean>; running: boolean }) {
  const [progress, setProgress] = useState<RotationProgress | null>(null);
  const [active, setActive] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function finish() {
    setActive(true);
    setFailure(null);
    setProgress(null);
    try {
      await onFinish(setProgress);
    } catch (error) {
      console.error(MEMBER_MESSAGES.rotationFailed, error);
      setFailure(memberErrorMessage(error, MEMBER_MESSAGES.rotationFailed));
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
    </div>
  );
}

interface KeyConfirmDialogProps {
  readonly title: string;
  readonly recipient: KeyRecipient;
  readonly intro: string;
  readonly confirmLabel: string;
  readonly runningLabel: string;
  readonly failure: string;
  /** False when the user does not hold the key: the person joins with 'Needs Key'. */
  readonly willShareKey: boolean;
  readonly onConfirm: () => Promise<boolean>;
  readonly onDone: () => void;
}

/** Step two of adding or granting: the recipient's key fingerprint, confirmed before anything is wrapped. */
function KeyConfirmDialog({ title, recipient, intro, confirmLabel, runningLabel, failure, willShareKey, onConfirm, onDone }: KeyConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const fingerprintLabelId = useId();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = recipient.email ?? 'this person';

  async function confirm() {
    setRunning(true);
    setError(null);
    let ok = false;
    try {
      ok = await onConfirm();
    } catch (caught) {
      console.error(failure, caught);
      setError(memberErrorMessage(caught, failure));
    }
    setRunning(false);
    if (ok) onDone();
  }

  return (
    <Dialog
      open
      size="sm"
      title={title}
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!running) onDone();
      }}
    >
      <p>{intro}</p>
      <p id={fingerprintLabelId} className="members__fingerprint-label">
        Security key fingerprint of {who}:
      </p>
      <code className="members__fingerprint" aria-labelledby={fingerprintLabelId}>
        {recipient.fingerprint.shown}
      </code>
      {recipient.seenBefore ? (
        <p className="notice notice--success">This is the key you shared with before.</p>
      ) : (
        <p className="notice notice--warning">
          You have not shared with {who} before. If you can, compare this fingerprint with them over another channel; it is remembered
          once you confirm, and a different key later is refused.
        </p>
      )}
      {!willShareKey && <p>You do not hold the team key yourself, so they join with ‘Needs Key’ until an owner or admin grants access.</p>}
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button ref={cancelRef} variant="secondary" onClick={onDone} disabled={running}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={running}>
          {running ? runningLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
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
          `${name} was removed, but the team key rotation did not finish: ${memberErrorMessage(caught.cause, MEMBER_MESSAGES.rotationFailed)}. ` +
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
