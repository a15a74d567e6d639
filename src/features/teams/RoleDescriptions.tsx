import { useId } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, TEAM_ROLES } from '@keyloft/contract/teamPermissions';

/** The 'Roles' section of Manage Team Members: what each role may do. */
export function RoleDescriptions() {
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
