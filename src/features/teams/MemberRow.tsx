import { useId } from 'react';
import { ASSIGNABLE_ROLES, ROLE_LABELS, isTeamRole, type TeamRole } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { memberName } from './memberForm';
import type { TeamMember } from './model';

export interface MemberRowProps {
  readonly member: TeamMember;
  readonly manages: boolean;
  readonly canGrant: boolean;
  readonly busy: boolean;
  readonly onRole: (role: TeamRole) => void;
  readonly onGrant: () => void;
  readonly onRemove: () => void;
}

/** One row of 'Current Members': the name, the role (a select for who may change it), Grant Access, Remove. */
export function MemberRow({ member, manages, canGrant, busy, onRole, onGrant, onRemove }: MemberRowProps) {
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
