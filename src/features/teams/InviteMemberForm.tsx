import { useId, useState, type RefObject, type SubmitEvent } from 'react';
import { ASSIGNABLE_ROLES, DEFAULT_MEMBER_ROLE, ROLE_DESCRIPTIONS, ROLE_LABELS, isTeamRole, type TeamRole } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useSubmit } from '../../ui/useSubmit';
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
  const roleId = useId();
  const roleHintId = useId();
  const inviteHintId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>(DEFAULT_MEMBER_ROLE);
  const [touched, setTouched] = useState(false);
  const [dirty, setDirty] = useState(false);
  const sending = useSubmit((caught) => {
    console.error(MEMBER_MESSAGES.addFailed, caught);
    return memberErrorMessage(caught, MEMBER_MESSAGES.addFailed);
  });
  const failure = sending.error;

  const error = validateMemberEmail(email, team.members);
  // Errors show once the field was left (or the address is already listed) and then follow typing.
  const shownError = error !== null && (touched || error === MEMBER_MESSAGES.alreadyMember) ? error : null;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (error !== null || sending.busy) return;
    const result = await sending.submit(() => invite(email.trim().toLowerCase(), role));
    if (!result.done) return;
    setEmail('');
    setTouched(false);
    setDirty(false);
    setRole(DEFAULT_MEMBER_ROLE);
    onInvited(result.value, role);
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
        <TextField
          label="Email"
          className="members__email"
          error={shownError}
          announce={false}
          inputRef={emailRef}
          type="email"
          value={email}
          autoComplete="off"
          required
          onChange={(event) => {
            setEmail(event.target.value);
            setDirty(true);
            sending.setError(null);
          }}
          onBlur={() => {
            if (dirty) setTouched(true);
          }}
        />
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
          <Button type="submit" aria-describedby={inviteHintId} disabled={error !== null || sending.busy || disabled}>
            {sending.busy ? 'Inviting…' : 'Add Member'}
          </Button>
        </div>
      </form>
    </section>
  );
}
