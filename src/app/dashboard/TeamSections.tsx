import { useId } from 'react';

/** 'My Teams' until the teams issue fills it: its empty state (SPEC.md §2 "Team list"). */
export function MyTeamsSection() {
  const headingId = useId();
  return (
    <section className="vault-section" aria-labelledby={headingId}>
      <h2 id={headingId}>My Teams</h2>
      <p>No teams yet. Create your first team!</p>
    </section>
  );
}

export function JoinedTeamsSection() {
  const headingId = useId();
  return (
    <section className="vault-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Joined Teams</h2>
      <p>You have not joined any teams yet. Invitations you accept appear here.</p>
    </section>
  );
}
