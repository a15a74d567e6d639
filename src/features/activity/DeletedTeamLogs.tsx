import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AUDIT_RETENTION_DAYS } from '@keyloft/contract/auditEvents';
import { resourceKeys } from '../../session/serverState/keys';
import { ActivityLogAction } from './ActivityLogAction';
import type { ActivityLogServices } from './ActivityLogDialog';
import type { VaultNames } from './eventText';

// Issue #24: a team's deletion keeps its activity log for its former owner until retention removes
// it. Their deleted teams are listed under My Teams, each with its log (no titles: the team's
// entries went with it, so nothing is named but by id).

export const DELETED_TEAMS_TEXTS = Object.freeze({
  heading: 'Deleted teams',
  note: `Their activity logs are kept for ${String(AUDIT_RETENTION_DAYS)} days after each change.`,
  deleted: (date: string) => `Deleted ${date}`,
  unnamed: 'A deleted team',
});

const NO_NAMES: VaultNames = { entryTitle: () => null, groupName: () => null };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface DeletedTeamLogsProps {
  readonly ownerUid: string;
  readonly services: ActivityLogServices;
  /** The user's teams now (their ids): when one goes, its log may have joined the deleted ones. */
  readonly teamIds: readonly string[];
}

/** The former owner's deleted teams whose logs are kept; nothing while there are none (or they cannot be read). */
export function DeletedTeamLogs({ ownerUid, services, teamIds }: DeletedTeamLogsProps) {
  const headingId = useId();
  const deleted = useQuery({
    queryKey: [...resourceKeys.deletedTeamLogs(), teamIds.join(',')],
    queryFn: () => services.log.deletedTeams(ownerUid),
    // The list shown meanwhile is the one before the change, not nothing.
    placeholderData: (previous) => previous,
  });
  if (deleted.isError) console.error('The deleted teams’ activity logs could not be listed', deleted.error);
  const logs = deleted.data ?? [];
  if (logs.length === 0) return null;
  return (
    <section className="deleted-team-logs" aria-labelledby={headingId}>
      <h3 id={headingId} className="deleted-team-logs__heading">
        {DELETED_TEAMS_TEXTS.heading}
      </h3>
      <p className="deleted-team-logs__note">{DELETED_TEAMS_TEXTS.note}</p>
      <ul aria-labelledby={headingId}>
        {logs.map((log) => {
          const name = log.teamName === '' ? DELETED_TEAMS_TEXTS.unnamed : log.teamName;
          return (
            <li key={log.teamId} aria-label={name} className="deleted-team-logs__item">
              <span className="deleted-team-logs__name">{name}</span>
              {log.deletedAt !== null && <span className="deleted-team-logs__date">{DELETED_TEAMS_TEXTS.deleted(dateFormat.format(log.deletedAt))}</span>}
              <ActivityLogAction teamId={log.teamId} teamName={name} role="owner" services={services} names={NO_NAMES} label={`Activity log of deleted team ${name}`} deleted />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
