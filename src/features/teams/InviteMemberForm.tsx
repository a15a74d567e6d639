import { useId, useState, type RefObject, type SubmitEvent } from 'react';
import { ASSIGNABLE_ROLES, DEFAULT_MEMBER_ROLE, ROLE_DESCRIPTIONS, ROLE_LABELS, isTeamRole, type TeamRole } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { MEMBER_MESSAGES, memberErrorMessage, validateMemberEmail } from './memberForm';
import type { InviteStep, TeamDetail } from './model';

export interface InviteMemberFormProps {
  readonly team: TeamDetail;
  readonly emailRef: RefObject<HTMLInputElement | null>;
  readonly disabled: boolean;
  readonly invite: (email: string, role: TeamRole) => Promise<InviteStep>;
  readonly onInvited: (step: InviteStep, role: TeamRole) => void;
}

/**
 * The owner's add-member form (SPEC.md §5 "Add member"). Adding someone invites them
 * (docs/invitations.md): they join once they accept.
 */
export function InviteMemberForm({ team, emailRef, disabled, invite, onInvited }: InviteMemberFormProps) {
  const headingId = useId();
  const emailId = useId();
  const emailErrorId = useId();
  const roleId = useId();
  const roleHintId = useId();
  const inviteHintId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>(DEFAULT_MEMBER_ROLE);
  const [touched, setTouched] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const error = validateMemberEmail(email, team.members);
  // Errors show once the field was left (or the address is already listed) and then follow typing.
  const shownError = error !== null && (touched || error === MEMBER_MESSAGES.alreadyMember) ? error : null;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (error !== null || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const step = await invite(email.trim().toLowerCase(), role);
      setEmail('');
      setTouched(false);
      setDirty(false);
      setRole(DEFAULT_MEMBER_ROLE);
      onInvited(step, role);
    } catch (caught) {
      console.error(MEMBER_MESSAGES.addFailed, caught);
      setFailure(memberErrorMessage(caught, MEMBER_MESSAGES.addFailed));
    }
    setSending(false);
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
        <p id={inviteHintId} className="field__hint members__add-hint">
          They get an invitation by email and join once they accept it.
        </p>
        <div className="members__add-submit">
          <Button type="submit" aria-describedby={inviteHintId} disabled={error !== null || sending || disabled}>
            {sending ? 'Inviting…' : 'Add Member'}
          </Button>
        </div>
      </form>
    </section>
  );
}
