import { describe, expect, it } from 'vitest';
import { FILTER_ERRORS, NO_FILTERS, queryOf } from '../../../src/features/activity/activityFilters';
import { CATEGORY_KINDS } from '../../../src/features/activity/activityKinds';

describe('the viewer’s filters as the query of a page', () => {
  it('no filter reads the whole log, newest first (the repository’s order)', () => {
    expect(queryOf('team-1', NO_FILTERS)).toEqual({ query: { teamId: 'team-1' } });
  });

  it('a member, a category and dates narrow it; "to" takes its whole day, in the user’s time zone', () => {
    const parsed = queryOf('team-1', { actorUid: 'bob', category: 'members', from: '2026-11-01', to: '2026-11-03' });
    expect(parsed).toEqual({
      query: {
        teamId: 'team-1',
        actorUid: 'bob',
        kinds: CATEGORY_KINDS.members,
        from: new Date(2026, 10, 1).getTime(),
        to: new Date(2026, 10, 4).getTime(),
      },
    });
  });

  it('a category asks for all its kinds, within one `in` filter’s bound', () => {
    for (const kinds of Object.values(CATEGORY_KINDS)) expect(kinds.length).toBeLessThanOrEqual(10);
    expect(queryOf('t', { ...NO_FILTERS, category: 'entries' })).toEqual({ query: { teamId: 't', kinds: ['entry.created', 'entry.edited', 'entry.moved', 'entry.deleted'] } });
  });

  it('one date alone bounds one side; the same day in both is that day', () => {
    expect(queryOf('t', { ...NO_FILTERS, from: '2026-02-28' })).toEqual({ query: { teamId: 't', from: new Date(2026, 1, 28).getTime() } });
    expect(queryOf('t', { ...NO_FILTERS, to: '2026-02-28' })).toEqual({ query: { teamId: 't', to: new Date(2026, 2, 1).getTime() } });
    expect(queryOf('t', { ...NO_FILTERS, from: '2026-05-05', to: '2026-05-05' })).toEqual({
      query: { teamId: 't', from: new Date(2026, 4, 5).getTime(), to: new Date(2026, 4, 6).getTime() },
    });
  });

  it('refuses a date that is not one, and a range that ends before it starts', () => {
    expect(queryOf('t', { ...NO_FILTERS, from: '2026-02-31' })).toEqual({ error: FILTER_ERRORS.date });
    expect(queryOf('t', { ...NO_FILTERS, to: 'yesterday' })).toEqual({ error: FILTER_ERRORS.date });
    expect(queryOf('t', { ...NO_FILTERS, from: '2026-05-06', to: '2026-05-05' })).toEqual({ error: FILTER_ERRORS.order });
  });
});
