import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { DateStamp } from '../../../ui/DateStamp';
import { Dialog } from '../../../ui/Dialog';
import { countOf, formatCount } from '../../../ui/format';
import type { PasswordEntry } from '../model';
import { reusedEntryCount, type EntryRef, type EstimateStrength, type HealthReport, type StrengthScore } from './healthReport';
import { HealthScanStoppedError, scanHealth, type HealthScope } from './scanHealth';
import { formatCardExpiry } from '../items/cardExpiry';
import { cardSummary } from '../list/itemSummary';
import { expiringCards, type ExpiringCard } from './expiringCards';
import './health.css';

// The health report of one vault (issue #23): weak, reused and old passwords, counted and listed,
// each entry a button that opens it in the list to fix it. Checked in this browser when the
// dialog opens, never stored; a large vault shows its progress, and the findings so far below it
// (issue #42: entries sealed with their health record first, so they show at once).

export const HEALTH_TEXTS = {
  button: 'Password health',
  title: (subject: string) => `Password health: ${subject}`,
  loading: 'Loading the strength checker…',
  checking: (done: number, total: number) => `Checking ${formatCount(done)} of ${formatCount(total)} passwords…`,
  soFar: (checked: number) => `Found so far, in the ${countOf(checked, 'password', 'passwords')} checked:`,
  failed: 'The passwords could not be checked. Close this and try again.',
  summary: (checked: number) => `${countOf(checked, 'password', 'passwords')} checked in this browser. Nothing of this report is stored or sent.`,
  unreadable: (count: number) => `${countOf(count, 'entry', 'entries')} could not be decrypted, so ${count === 1 ? 'it was' : 'they were'} not checked.`,
  weak: 'Weak passwords',
  reused: 'Reused passwords',
  old: 'Old passwords',
  noWeak: 'No weak passwords.',
  noReused: 'No password is used by more than one entry.',
  noOld: 'No password is older than a year.',
  usedBy: (count: number) => `The same password in ${formatCount(count)} entries`,
  weakLabel: (score: StrengthScore) => (score === 0 ? 'Very weak' : 'Weak'),
  empty: 'There are no passwords to check yet.',
  /** Issue #44: the checks judge logins' passwords; the cards are listed by their expiry. */
  covers: 'These checks cover logins, the items with a password. Secure notes, cards, identities and SSH keys are not judged.',
  cards: 'Expiring cards',
  noCards: 'No card has expired or expires within 60 days.',
  expired: (expiry: string) => `Expired ${expiry}`,
  expires: (expiry: string) => `Expires ${expiry}`,
} as const;

export interface HealthDialogProps {
  /** The vault's name, for the title: 'Personal Passwords', a team's name. */
  readonly subject: string;
  readonly entries: readonly PasswordEntry[];
  readonly openDetails: (entry: PasswordEntry) => Promise<PasswordEntry>;
  readonly loadEstimator: () => Promise<EstimateStrength>;
  /** What fingerprints compare under (healthScopeOf). */
  readonly scope: HealthScope;
  /** Closes the dialog and shows the entry in the list. */
  readonly onOpenEntry: (id: string) => void;
  readonly onClose: () => void;
  /** The clock; tests pass their own. */
  readonly now?: () => number;
}

type ScanState =
  | { readonly status: 'loading' }
  | { readonly status: 'checking'; readonly done: number; readonly total: number; readonly findings: HealthReport | null }
  | { readonly status: 'done'; readonly report: HealthReport }
  | { readonly status: 'failed' };

export function HealthDialog({ subject, entries, openDetails, loadEstimator, scope, onOpenEntry, onClose, now = Date.now }: HealthDialogProps) {
  // The entries as the dialog opened: a change meanwhile reaches the next report, not this one.
  const [scanned] = useState(entries);
  const [cards] = useState(() => expiringCards(entries, now()));
  const [state, setState] = useState<ScanState>({ status: 'loading' });
  useEffect(() => {
    // An object, not a let: the cleanup sets it while the scan's closures read it.
    const run = { stopped: false };
    const stopped = () => run.stopped;
    void (async () => {
      try {
        let findings: HealthReport | null = null;
        const report = await scanHealth(scanned, openDetails, {
          loadEstimate: loadEstimator,
          scope,
          now: now(),
          stopped,
          onProgress: (progress) => {
            findings = progress.findings ?? findings;
            if (!stopped()) setState({ status: 'checking', done: progress.done, total: progress.total, findings });
          },
        });
        if (!stopped()) setState({ status: 'done', report });
      } catch (error) {
        if (error instanceof HealthScanStoppedError || stopped()) return;
        console.error('The password health check failed', error);
        setState({ status: 'failed' });
      }
    })();
    return () => {
      run.stopped = true;
    };
  }, [scanned, openDetails, loadEstimator, scope, now]);

  return (
    <Dialog open onClose={onClose} title={HEALTH_TEXTS.title(subject)} size="lg">
      {state.status === 'loading' && <p role="status">{HEALTH_TEXTS.loading}</p>}
      {state.status === 'checking' && <Progress done={state.done} total={state.total} />}
      {state.status === 'checking' && state.findings !== null && state.findings.checked > 0 && (
        <Report report={state.findings} onOpenEntry={onOpenEntry} partial />
      )}
      {state.status === 'failed' && (
        <p role="alert" className="notice notice--error">
          {HEALTH_TEXTS.failed}
        </p>
      )}
      {state.status === 'done' && <Report report={state.report} onOpenEntry={onOpenEntry} />}
      <p className="health__covers">{HEALTH_TEXTS.covers}</p>
      <CardsSection cards={cards} onOpenEntry={onOpenEntry} />
    </Dialog>
  );
}

/** The cards expired or expiring within 60 days, each a button that opens it (expiringCards.ts). */
function CardsSection({ cards, onOpenEntry }: { readonly cards: readonly ExpiringCard[]; readonly onOpenEntry: (id: string) => void }) {
  return (
    <section className="health__section" aria-label={HEALTH_TEXTS.cards}>
      <h3>{HEALTH_TEXTS.cards}</h3>
      {cards.length === 0 ? (
        <p>{HEALTH_TEXTS.noCards}</p>
      ) : (
        <ul className="health__list">
          {cards.map((card) => (
            <li key={card.id} className="health__entry">
              <Button variant="ghost" size="sm" onClick={() => { onOpenEntry(card.id); }} aria-label={`Open ${card.title}`}>
                {card.title}
              </Button>
              <span className="health__username">{cardSummary(card.brand, card.last4)}</span>
              <span className="health__tag">{(card.standing === 'expired' ? HEALTH_TEXTS.expired : HEALTH_TEXTS.expires)(formatCardExpiry(card.expiry))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const labelId = useId();
  return (
    <div className="health__progress">
      <p id={labelId}>{HEALTH_TEXTS.checking(done, total)}</p>
      <progress aria-labelledby={labelId} value={done} max={Math.max(total, 1)} />
    </div>
  );
}

/** The report, or (partial) the findings so far while the rest is checked. */
function Report({ report, onOpenEntry, partial = false }: { report: HealthReport; onOpenEntry: (id: string) => void; partial?: boolean }) {
  if (report.checked === 0 && report.unreadable === 0) return <p role="status">{HEALTH_TEXTS.empty}</p>;
  const reused = reusedEntryCount(report);
  const bars: ReadonlyArray<readonly [string, number]> = [
    [HEALTH_TEXTS.weak, report.weak.length],
    [HEALTH_TEXTS.reused, reused],
    [HEALTH_TEXTS.old, report.old.length],
  ];
  const entryButton = (entry: EntryRef, extra?: ReactNode) => (
    <li key={entry.id} className="health__entry">
      <Button variant="ghost" size="sm" onClick={() => { onOpenEntry(entry.id); }} aria-label={`Open ${entry.title}`}>
        {entry.title}
      </Button>
      {entry.username !== '' && <span className="health__username">{entry.username}</span>}
      {extra}
    </li>
  );
  return (
    <div className="health">
      {partial ? <p>{HEALTH_TEXTS.soFar(report.checked)}</p> : <p role="status">{HEALTH_TEXTS.summary(report.checked)}</p>}
      {report.unreadable > 0 && <p className="notice notice--warning">{HEALTH_TEXTS.unreadable(report.unreadable)}</p>}
      {/* The chart says what the numbers say, at a glance: each finding's share of the passwords checked. */}
      <dl className="health__summary">
        {bars.map(([label, count]) => (
          <div key={label} className="health__bar-row">
            <dt>{label}</dt>
            <dd>
              <span className="health__bar" aria-hidden="true">
                <span className="health__bar-fill" style={{ inlineSize: `${report.checked === 0 ? 0 : (count / report.checked) * 100}%` }} />
              </span>
              <span className="health__count">{formatCount(count)}</span>
            </dd>
          </div>
        ))}
      </dl>

      <section className="health__section" aria-label={HEALTH_TEXTS.weak}>
        <h3>{HEALTH_TEXTS.weak}</h3>
        {report.weak.length === 0 ? (
          <p>{HEALTH_TEXTS.noWeak}</p>
        ) : (
          <ul className="health__list">{report.weak.map((entry) => entryButton(entry, <span className="health__tag">{HEALTH_TEXTS.weakLabel(entry.score)}</span>))}</ul>
        )}
      </section>

      <section className="health__section" aria-label={HEALTH_TEXTS.reused}>
        <h3>{HEALTH_TEXTS.reused}</h3>
        {report.reused.length === 0 ? (
          <p>{HEALTH_TEXTS.noReused}</p>
        ) : (
          report.reused.map((group) => (
            <div key={group.entries.map((entry) => entry.id).join(' ')} className="health__group">
              <p className="health__group-title">{HEALTH_TEXTS.usedBy(group.entries.length)}</p>
              <ul className="health__list">{group.entries.map((entry) => entryButton(entry))}</ul>
            </div>
          ))
        )}
      </section>

      <section className="health__section" aria-label={HEALTH_TEXTS.old}>
        <h3>{HEALTH_TEXTS.old}</h3>
        {report.old.length === 0 ? (
          <p>{HEALTH_TEXTS.noOld}</p>
        ) : (
          <ul className="health__list">
            {report.old.map((entry) =>
              entryButton(
                entry,
                <span className="health__date">
                  <DateStamp label="Set" epochMs={entry.passwordSetAt} style="medium" unknownText="Set at an unknown time" />
                </span>,
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
