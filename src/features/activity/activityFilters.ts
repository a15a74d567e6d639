import type { AuditLogQuery } from '../../data/audit/auditLog';
import { CATEGORY_KINDS, type ActivityCategory } from './activityKinds';

// The viewer's filters as the form holds them, and the query one page of them asks for. Dates are
// the user's calendar days in their time zone: "to" includes its whole day.

export interface ActivityFilters {
  /** A member's uid, or '' for everyone. */
  readonly actorUid: string;
  /** A category, or '' for all activity. */
  readonly category: ActivityCategory | '';
  /** 'YYYY-MM-DD' as a date input gives it, or '' for no bound. */
  readonly from: string;
  readonly to: string;
}

export const NO_FILTERS: ActivityFilters = Object.freeze({ actorUid: '', category: '', from: '', to: '' });

/** Whether any filter narrows the log. */
export function isFiltered(filters: ActivityFilters): boolean {
  return filters.actorUid !== '' || filters.category !== '' || filters.from !== '' || filters.to !== '';
}

export const FILTER_ERRORS = Object.freeze({
  date: 'Enter a date as YYYY-MM-DD.',
  order: 'The “From” date must not be after the “To” date.',
});

/** Local midnight starting the day 'YYYY-MM-DD' (+ `days`), or null when it is not a date. */
function startOfDay(text: string, days = 0): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // 2026-02-31 would roll over to March: not a day the user meant.
  const asGiven = new Date(year, month - 1, day);
  if (asGiven.getFullYear() !== year || asGiven.getMonth() !== month - 1 || asGiven.getDate() !== day) return null;
  return new Date(year, month - 1, day + days).getTime();
}

export type FilterQuery = { readonly query: AuditLogQuery } | { readonly error: string };

/** The page query of `filters` for team `teamId`, or what is wrong with a date. */
export function queryOf(teamId: string, filters: ActivityFilters): FilterQuery {
  const from = filters.from === '' ? undefined : startOfDay(filters.from);
  const to = filters.to === '' ? undefined : startOfDay(filters.to, 1);
  if (from === null || to === null) return { error: FILTER_ERRORS.date };
  if (from !== undefined && to !== undefined && from >= to) return { error: FILTER_ERRORS.order };
  return {
    query: {
      teamId,
      ...(filters.actorUid === '' ? {} : { actorUid: filters.actorUid }),
      ...(filters.category === '' ? {} : { kinds: CATEGORY_KINDS[filters.category] }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    },
  };
}
