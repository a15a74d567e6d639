import { useEffect, useMemo, useState } from 'react';
import { SYSTEM_ACTOR } from '@keyloft/contract/auditEvents';
import { isMalformed, type LogEntry } from '../../data/audit/auditLog';
import type { TeamRepository } from '../../data/teams/storedTeams';
import type { ActivityMember } from './ActivityFiltersForm';
import { EVENT_TEXTS } from './eventText';

/**
 * Whom the member filter offers: the team's members as stored now, and anyone else the log has
 * shown so far (a member who left or was removed is who an owner most wants to look up), by address.
 */
export function useMemberChoices(teams: TeamRepository | null, teamId: string, shown: readonly LogEntry[]): readonly ActivityMember[] {
  const [current, setCurrent] = useState<readonly ActivityMember[]>([]);
  useEffect(() => {
    // A deleted team has no members to read: the log's own actors are the choices.
    if (teams === null) return undefined;
    let live = true;
    teams.get(teamId).then(
      (team) => {
        if (!live || team === null) return;
        setCurrent(Object.values(team.members).map((member) => ({ uid: member.userId, label: member.email ?? member.userId })));
      },
      // The filter still offers who the log shows; the log itself reports its own failures.
      (error: unknown) => {
        console.error('The team’s members could not be read for the activity filter', error);
      },
    );
    return () => {
      live = false;
    };
  }, [teams, teamId]);

  // Everyone any page has shown since the dialog opened: a filter that hides a former member's
  // events keeps them choosable (and the chosen one in the list).
  const [seen, setSeen] = useState<ReadonlyMap<string, ActivityMember>>(new Map());
  const [seenIn, setSeenIn] = useState<readonly LogEntry[] | null>(null);
  if (seenIn !== shown) {
    setSeenIn(shown);
    const added = new Map(seen);
    for (const entry of shown) {
      if (isMalformed(entry) || added.has(entry.actor.uid)) continue;
      const label = entry.actor.uid === SYSTEM_ACTOR.uid ? EVENT_TEXTS.system : entry.actor.email === '' ? entry.actor.uid : entry.actor.email;
      added.set(entry.actor.uid, { uid: entry.actor.uid, label });
    }
    if (added.size !== seen.size) setSeen(added);
  }

  return useMemo(() => {
    const byUid = new Map([...seen, ...current.map((member) => [member.uid, member] as const)]);
    return [...byUid.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [current, seen]);
}
