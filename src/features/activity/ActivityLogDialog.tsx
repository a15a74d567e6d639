import { useEffect, useMemo, useRef, useState } from 'react';
import { AUDIT_RETENTION_DAYS } from '@keyloft/contract/auditEvents';
import type { TeamRepository } from '../../data/teams/storedTeams';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { countOf } from '../../ui/format';
import { LoadFailed } from '../../ui/LoadFailed';
import { ActivityExport } from './ActivityExport';
import { ActivityFiltersForm } from './ActivityFiltersForm';
import { ActivityTable } from './ActivityTable';
import { isFiltered, NO_FILTERS, queryOf, type ActivityFilters } from './activityFilters';
import type { VaultNames } from './eventText';
import { useActivityLog } from './useActivityLog';
import { useCsvExport, type CsvExportServices } from './useCsvExport';
import { useMemberChoices } from './useMemberChoices';
import './activity.css';

export const ACTIVITY_TEXTS = Object.freeze({
  title: 'Activity log',
  retention: `Who changed what in this team, newest first. Activity is kept for ${String(AUDIT_RETENTION_DAYS)} days.`,
  loading: 'Loading activity…',
  failed: 'The activity log could not be loaded.',
  moreFailed: 'More activity could not be loaded.',
  empty: 'No activity yet.',
  emptyFiltered: 'No activity matches these filters.',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  shown: (count: number) => `Showing ${countOf(count, 'event')}.`,
  end: 'That is all the activity.',
});

/** What the viewer reads through: the log, the team (its members, for the filter) and the CSV export's pieces. */
export interface ActivityLogServices extends CsvExportServices {
  readonly teams: TeamRepository;
}

export interface ActivityLogDialogProps {
  readonly teamId: string;
  readonly teamName: string;
  readonly services: ActivityLogServices;
  /** Titles of what this viewer has open in the team's vault, and nothing else. */
  readonly names: VaultNames;
  readonly onClose: () => void;
  /** A team its owner deleted: there is no team to read members from (the rules refuse the read). */
  readonly deleted?: boolean;
}

/** A team's activity log for its owners and admins (issue #24): filters, the log a page at a time, and the CSV export. */
export default function ActivityLogDialog({ teamId, teamName, services, names, onClose, deleted = false }: ActivityLogDialogProps) {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const parsed = useMemo(() => queryOf(teamId, filters), [teamId, filters]);
  const query = 'query' in parsed ? parsed.query : null;
  const log = useActivityLog(services.log, query);
  const members = useMemberChoices(deleted ? null : services.teams, teamId, log.entries);
  const csv = useCsvExport(services, query, names);
  const filtered = isFiltered(filters);

  // When Load more reads the last page its button goes: focus moves to the line saying so.
  const endRef = useRef<HTMLParagraphElement>(null);
  const wasLoadingMore = useRef(false);
  useEffect(() => {
    if (wasLoadingMore.current && log.status === 'ready' && !log.hasMore) endRef.current?.focus();
    wasLoadingMore.current = log.status === 'loadingMore';
  }, [log.status, log.hasMore]);

  return (
    <Dialog open onClose={onClose} title={ACTIVITY_TEXTS.title} description={teamName} size="lg">
      <p className="activity__intro">{ACTIVITY_TEXTS.retention}</p>
      <ActivityFiltersForm filters={filters} members={members} error={'error' in parsed ? parsed.error : null} onChange={setFilters} />
      <section className="activity__log" aria-label={ACTIVITY_TEXTS.title} aria-busy={log.status === 'loading' || log.status === 'loadingMore'}>
        {query === null ? null : log.status === 'loading' ? (
          <p role="status">{ACTIVITY_TEXTS.loading}</p>
        ) : log.status === 'failed' ? (
          <LoadFailed message={ACTIVITY_TEXTS.failed} onRetry={log.retry} />
        ) : log.entries.length === 0 ? (
          <p role="status" className="activity__empty">
            {filtered ? ACTIVITY_TEXTS.emptyFiltered : ACTIVITY_TEXTS.empty}
          </p>
        ) : (
          <>
            <ActivityTable entries={log.entries} names={names} />
            <p role="status" className="activity__count">
              {ACTIVITY_TEXTS.shown(log.entries.length)}
            </p>
            {log.status === 'moreFailed' ? (
              <LoadFailed message={ACTIVITY_TEXTS.moreFailed} onRetry={log.retry} />
            ) : log.hasMore ? (
              // aria-disabled, not disabled: the button keeps focus while its page loads.
              <Button variant="secondary" size="sm" aria-disabled={log.status === 'loadingMore'} onClick={log.loadMore}>
                {log.status === 'loadingMore' ? ACTIVITY_TEXTS.loadingMore : ACTIVITY_TEXTS.loadMore}
              </Button>
            ) : (
              <p ref={endRef} tabIndex={-1} className="activity__end">
                {ACTIVITY_TEXTS.end}
              </p>
            )}
          </>
        )}
      </section>
      <ActivityExport state={csv.state} disabled={query === null} onExport={csv.start} />
    </Dialog>
  );
}
