import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import type { Group, PasswordEntry } from '../model';
import type { ValidPasswordDraft } from './validatePasswordDraft';
import { CONFLICT_MESSAGES } from '../vaultErrors';

// A save that found the entry changed since the form opened (docs/vault.md, "Revisions"): the
// newer values beside what "Keep mine" would save (the user's changes on the newer values, see
// conflictMerge.ts), field by field, and the two ways on. Nothing was written.

export const CONFLICT_TEXTS = Object.freeze({
  changed: CONFLICT_MESSAGES.passwordChanged,
  explain: 'Nothing was saved. Compare the two versions and choose which one to keep.',
  merged: 'Yours keeps what you changed and takes everything else from the version saved meanwhile.',
  differs: '(differs)',
  theirs: 'Saved meanwhile',
  mine: 'Yours',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  showPasswords: 'Show passwords',
  hidePasswords: 'Hide passwords',
});

const MASK = '••••••••';

interface Row {
  readonly label: string;
  readonly theirs: string;
  readonly mine: string;
  readonly secret?: boolean;
}

function groupName(groupId: string | null, groups: readonly Group[]): string {
  if (groupId === null) return 'No Group';
  return groups.find((group) => group.id === groupId)?.name ?? 'No Group';
}

export interface ConflictNoticeProps {
  readonly newer: PasswordEntry;
  /** What "Keep mine" saves. */
  readonly mine: ValidPasswordDraft;
  readonly groups: readonly Group[];
  readonly onKeepMine: () => void;
  readonly onTakeTheirs: () => void;
}

export function ConflictNotice({ newer, mine, groups, onKeepMine, onTakeTheirs }: ConflictNoticeProps) {
  const headingId = useId();
  const [revealed, setRevealed] = useState(false);
  const rows: readonly Row[] = [
    { label: 'Title', theirs: newer.title, mine: mine.title },
    { label: 'URL', theirs: newer.url ?? '', mine: mine.url ?? '' },
    { label: 'Username', theirs: newer.username, mine: mine.username },
    { label: 'Password', theirs: newer.password, mine: mine.password, secret: true },
    { label: 'Notes', theirs: newer.notes ?? '', mine: mine.notes ?? '' },
    // Only where either side has a one-time code (issue #23): a secret, masked like the password.
    ...((newer.otp ?? '') === '' && (mine.otp ?? '') === '' ? [] : [{ label: 'One-time code', theirs: newer.otp ?? '', mine: mine.otp ?? '', secret: true }]),
    { label: 'Group', theirs: groupName(newer.groupId, groups), mine: groupName(mine.groupId, groups) },
  ];
  const show = (row: Row, value: string) => (row.secret === true && !revealed ? MASK : value === '' ? '—' : value);
  return (
    <section role="alert" aria-labelledby={headingId} className="notice notice--warning pw-form__notice pw-conflict">
      <h3 id={headingId} className="pw-conflict__title">
        {CONFLICT_TEXTS.changed}
      </h3>
      <p>{CONFLICT_TEXTS.explain}</p>
      <p>{CONFLICT_TEXTS.merged}</p>
      <table className="pw-conflict__table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Field</span>
            </th>
            <th scope="col">{CONFLICT_TEXTS.theirs}</th>
            <th scope="col">{CONFLICT_TEXTS.mine}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className={row.theirs === row.mine ? undefined : 'pw-conflict__differs'}>
              <th scope="row">
                {row.label}
                {/* The highlight is colour; a screen reader hears it. */}
                {row.theirs !== row.mine && <span className="visually-hidden"> {CONFLICT_TEXTS.differs}</span>}
              </th>
              <td translate={row.secret === true ? 'no' : undefined}>{show(row, row.theirs)}</td>
              <td translate={row.secret === true ? 'no' : undefined}>{show(row, row.mine)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pw-conflict__buttons">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setRevealed((current) => !current);
          }}
        >
          {revealed ? CONFLICT_TEXTS.hidePasswords : CONFLICT_TEXTS.showPasswords}
        </Button>
        <Button variant="secondary" size="sm" onClick={onTakeTheirs}>
          {CONFLICT_TEXTS.takeTheirs}
        </Button>
        <Button size="sm" onClick={onKeepMine}>
          {CONFLICT_TEXTS.keepMine}
        </Button>
      </div>
    </section>
  );
}
