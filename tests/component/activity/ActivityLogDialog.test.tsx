// The activity log dialog (issue #24) over the memory double: rows newest first naming only what the
// viewer holds, the filters as the queries they ask for, Load more, the empty and failed states,
// and the CSV export.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SYSTEM_ACTOR, type AuditEvent, type AuditEventBody } from '../../../src/domain/auditEvents';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import ActivityLogDialog from '../../../src/features/activity/ActivityLogDialog';
import type { VaultNames } from '../../../src/features/activity';
import { CATEGORY_KINDS } from '../../../src/features/activity/activityKinds';
import { csvText } from '../../../src/features/import/export/csvExport';
import { MemoryAuditLogRepository } from '../../doubles/memoryAuditLogRepository';
import { MemoryTeamRepository } from '../../doubles/memoryTeamRepositories';
import { expectConsoleError } from '../../support/consoleErrors';

const TEAM = 'ops';
const AT = new Date(2026, 10, 20, 14, 5).getTime();
const MINUTE = 60_000;
const ANA = { uid: 'ana', email: 'ana@example.com' };
const BO = { uid: 'bo', email: 'bo@example.com' };

const member = (userId: string, role: 'owner' | 'admin' | 'full', email: string) => ({ userId, role, joinedAt: 1, email, encryptedTeamKey: null, needsTeamKey: false });
const TEAM_DOC: StoredTeam = {
  name: 'Ops',
  ownerId: 'ana',
  createdAt: 1,
  updatedAt: 1,
  memberIds: ['ana', 'bo'],
  members: { ana: member('ana', 'owner', 'ana@example.com'), bo: member('bo', 'full', 'bo@example.com') },
  keyVersion: 1,
  rotationNeeded: false,
  previousKey: null,
  deleting: false,
};

/** The viewer holds entry-1 ("Prod DB") and entry-2 (a title made to run as a formula) decrypted, and no group. */
const OPEN_TITLES = new Map([
  ['entry-1', 'Prod DB'],
  ['entry-2', '=HYPERLINK("https://evil.example","Open")'],
]);
const NAMES: VaultNames = { entryTitle: (id) => OPEN_TITLES.get(id) ?? null, groupName: () => null };

function setup(seed: (log: MemoryAuditLogRepository) => void = () => undefined) {
  const log = new MemoryAuditLogRepository();
  seed(log);
  const teams = new MemoryTeamRepository();
  teams.put(TEAM, TEAM_DOC);
  const download = vi.fn<(fileName: string, text: string, type: string) => void>();
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <ActivityLogDialog teamId={TEAM} teamName="Ops" services={{ log, teams, csvWriter: () => Promise.resolve(csvText), download }} names={NAMES} onClose={onClose} />,
  );
  return { log, download, onClose, user };
}

const event = (body: AuditEventBody, actor = ANA): AuditEvent => ({ ...body, teamId: TEAM, actor });

/** The table's rows without its header row, each as its cells' text. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Team activity, newest first' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

const localTime = (at: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

describe('the activity log dialog', () => {
  it('lists the team’s events newest first: when, who and what, with a title only for an entry the viewer holds', async () => {
    setup((log) => {
      log.seed(event({ kind: 'entry.edited', entryId: 'entry-1', parts: ['password', 'notes'] }, BO), AT);
      log.seed(event({ kind: 'entry.deleted', entryId: 'entry-gone' }), AT + MINUTE);
      log.seed(event({ kind: 'member.roleChanged', memberUid: 'bo', memberEmail: 'bo@example.com', from: 'view', to: 'full' }), AT + 2 * MINUTE);
      log.seed(event({ kind: 'invitation.expired', invitationId: 'inv-1', email: 'carl@example.com' }, SYSTEM_ACTOR), AT + 3 * MINUTE);
      log.seedMalformed(TEAM, 'broken', 'field "kind" is missing or has the wrong type', AT + 4 * MINUTE);
    });
    expect(await screen.findByRole('dialog', { name: 'Activity log' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Team activity, newest first' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'Who', 'What']);
    expect(rows()).toEqual([
      [localTime(AT + 4 * MINUTE), '—', 'An event that could not be read (field "kind" is missing or has the wrong type)'],
      [localTime(AT + 3 * MINUTE), 'Keyloft', 'expired the invitation of carl@example.com'],
      [localTime(AT + 2 * MINUTE), 'ana@example.com', 'changed bo@example.com’s role from View Only to Full Access'],
      [localTime(AT + MINUTE), 'ana@example.com', 'deleted an entry no longer in the vault'],
      [localTime(AT), 'bo@example.com', 'changed the password and notes of “Prod DB”'],
    ]);
    expect(screen.getByText('Showing 5 events.')).toBeInTheDocument();
    expect(screen.getByText('That is all the activity.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('each filter reads the log again with its query; a range that ends before it starts reads nothing', async () => {
    const { log, user } = setup((seeded) => {
      seeded.seed(event({ kind: 'entry.created', entryId: 'entry-1' }), AT);
      seeded.seed(event({ kind: 'member.added', memberUid: 'bo', memberEmail: 'bo@example.com' }, BO), AT + MINUTE);
    });
    await screen.findByRole('table');
    expect(log.queries.at(-1)).toEqual({ query: { teamId: TEAM }, continued: false });

    const memberFilter = screen.getByRole('combobox', { name: 'Member' });
    expect(within(memberFilter).getAllByRole('option').map((option) => option.textContent)).toEqual(['Everyone', 'ana@example.com', 'bo@example.com']);
    await user.selectOptions(memberFilter, 'bo@example.com');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
    });
    expect(log.queries.at(-1)?.query).toEqual({ teamId: TEAM, actorUid: 'bo' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Activity' }), 'Entries');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    expect(log.queries.at(-1)?.query).toEqual({ teamId: TEAM, actorUid: 'bo', kinds: CATEGORY_KINDS.entries });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('combobox', { name: 'Member' })).toHaveFocus();
    await waitFor(() => {
      expect(rows()).toHaveLength(2);
    });

    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await waitFor(() => {
      expect(log.queries.at(-1)?.query).toEqual({ teamId: TEAM, from: new Date(2026, 10, 20).getTime(), to: new Date(2026, 10, 22).getTime() });
    });
    const asked = log.queries.length;
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-25');
    expect(await screen.findByRole('alert')).toHaveTextContent('The “From” date must not be after the “To” date.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Clearing and retyping asked for the dates on the way; the range that ends first asked nothing.
    expect(log.queries.slice(asked).every((asked) => asked.query.from !== new Date(2026, 10, 25).getTime())).toBe(true);
  });

  it('reads a page of 50 at a time; Load more adds the next, and focus moves to the end once there is no more', async () => {
    const { log, user } = setup((seeded) => {
      for (let index = 0; index < 60; index += 1) seeded.seed(event({ kind: 'team.renamed' }), AT + index * MINUTE);
    });
    await screen.findByRole('table');
    expect(rows()).toHaveLength(50);
    expect(rows()[0]?.[0]).toBe(localTime(AT + 59 * MINUTE));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(rows()).toHaveLength(60);
    });
    expect(rows()[59]?.[0]).toBe(localTime(AT));
    expect(log.queries.map((asked) => asked.continued)).toEqual([false, true]);
    expect(screen.getByText('That is all the activity.')).toHaveFocus();
  });

  it('says so when the team has no activity yet', async () => {
    setup();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the log could not be loaded, and Try again reads it again', async () => {
    expectConsoleError(/^The activity log could not be read/);
    const { log, user } = setup((seeded) => {
      seeded.seed(event({ kind: 'team.created' }), AT);
      seeded.failWith = new Error('unavailable');
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The activity log could not be loaded.');
    log.failWith = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(rows()).toEqual([[localTime(AT), 'ana@example.com', 'created the team']]);
    });
  });

  it('a failed Load more keeps the rows shown and retries the next page', async () => {
    expectConsoleError(/^The activity log could not be read/);
    const { log, user } = setup((seeded) => {
      for (let index = 0; index < 55; index += 1) seeded.seed(event({ kind: 'team.renamed' }), AT + index * MINUTE);
    });
    await screen.findByRole('table');
    log.failWith = new Error('unavailable');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More activity could not be loaded.');
    expect(rows()).toHaveLength(50);
    log.failWith = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(rows()).toHaveLength(55);
    });
  });

  it('exports what the filters select as CSV: titles beside the ids of what the viewer can open, ids alone for the rest, formula-looking cells escaped', async () => {
    const { download, user } = setup((seeded) => {
      seeded.seed(event({ kind: 'entry.edited', entryId: 'entry-1', parts: ['password'] }, { uid: 'eve', email: '=cmd@x.com' }), AT);
      seeded.seed(event({ kind: 'entry.deleted', entryId: 'entry-9' }), AT + 1);
      seeded.seed(event({ kind: 'entry.created', entryId: 'entry-2' }), AT + 2);
      seeded.seed(event({ kind: 'team.renamed' }), AT + MINUTE);
    });
    await screen.findByRole('table');
    expect(screen.getByText('“Prod DB”', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 4 events.')).toBeInTheDocument();
    expect(download).toHaveBeenCalledTimes(1);
    const [fileName, text, type] = download.mock.calls[0]!;
    expect(fileName).toMatch(/^keyloft-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(type).toBe('text/csv;charset=utf-8');
    expect(text.split('\r\n')).toEqual([
      'time,actor_email,actor_uid,kind,description,entry_id,entry_title,group_id,group_title,member_uid,invitation_id',
      `${new Date(AT + MINUTE).toISOString()},ana@example.com,ana,team.renamed,renamed the team,,,,,,`,
      // entry-2's title is a teammate's text made to run as a formula: written after a ', quoted.
      `${new Date(AT + 2).toISOString()},ana@example.com,ana,entry.created,created an entry,entry-2,"'=HYPERLINK(""https://evil.example"",""Open"")",,,,`,
      // entry-9 is not in the viewer's vault (deleted, or not openable): its id alone.
      `${new Date(AT + 1).toISOString()},ana@example.com,ana,entry.deleted,deleted an entry,entry-9,,,,,`,
      `${new Date(AT).toISOString()},"'=cmd@x.com",eve,entry.edited,changed the password of an entry,entry-1,Prod DB,,,,`,
      '',
    ]);
  });

  it('an export stops at its bound and says so', async () => {
    const { download, user } = setup((seeded) => {
      for (let index = 0; index < 1_001; index += 1) seeded.seed(event({ kind: 'team.renamed' }), AT + index);
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/Exported 1,000 events\. The export stopped at 1,000 events; there may be older ones\./)).toBeInTheDocument();
    expect(download.mock.calls[0]?.[1].trimEnd().split('\r\n')).toHaveLength(1_001);
  });
});
