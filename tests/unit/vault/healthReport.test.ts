import { describe, expect, it, vi } from 'vitest';
import { entryWords, healthTally, OLD_AFTER_MS, reusedEntryCount, type EstimateStrength, type StrengthScore } from '../../../src/features/vault/health/healthReport';
import { HealthScanStoppedError, passwordSetAt, scanHealth, type HealthProgress, type HealthScope } from '../../../src/features/vault/health/scanHealth';
import type { PasswordEntry } from '../../../src/features/vault/model';

// Issues #23 and #42: the health report's classification (weak, reused, old), and the scan that
// reads each entry's sealed health record, or opens the details of an entry without one and
// judges it, in slices.

const NOW = Date.UTC(2026, 10, 27);
const DAY = 24 * 60 * 60 * 1000;

/** A stand-in for zxcvbn: the score is the password's length bucket, and a password holding one of the user inputs scores 0. */
const score = (password: string, inputs: readonly string[]): StrengthScore => {
  if (inputs.some((input) => input !== '' && password.toLowerCase().includes(input.toLowerCase()))) return 0;
  return Math.min(4, Math.floor(password.length / 4)) as StrengthScore;
};
const estimate: EstimateStrength = (password, inputs) => Promise.resolve(score(password, inputs));

/** A stand-in fingerprint: equal for equal passwords, as the HMAC is. */
const fingerprintOf = (password: string) => `fp(${password})`;
const scope: HealthScope = { fingerprint: (password) => Promise.resolve(fingerprintOf(password)), keyVersion: null };

/** An entry as the tally takes it: judged by the stand-in estimator and fingerprint. */
const checked = (id: string, password: string, setDaysAgo = 10, title = `Site ${id}`) => {
  const username = `user-${id}`;
  const judged = password === '' ? { strength: null, fingerprint: null } : { strength: score(password, entryWords(title, username)), fingerprint: fingerprintOf(password) };
  return { id, title, username, ...judged, passwordSetAt: NOW - setDaysAgo * DAY };
};

describe('the health classification', () => {
  it('flags "Very weak" and "Weak" (scores 0 and 1), not "Fair" or better, weakest first', () => {
    const tally = healthTally(NOW);
    for (const entry of [checked('a', 'abc'), checked('b', 'abcdefg'), checked('c', 'abcdefgh'), checked('d', 'correct horse battery'), checked('e', 'user-e-2024!')]) tally.add(entry);
    const { weak, checked: count } = tally.report();
    expect(count).toBe(5);
    // 'user-e-2024!' holds the entry's own username: guessable, score 0.
    expect(weak.map(({ id, score }) => [id, score])).toEqual([
      ['a', 0],
      ['e', 0],
      ['b', 1],
    ]);
  });

  it('groups the entries that share a password, each group in title order, larger groups first; the password is not in the report', () => {
    const tally = healthTally(NOW);
    for (const entry of [
      checked('1', 'shared-one-long', 1, 'Mail'),
      checked('2', 'shared-two-long', 1, 'Bank'),
      checked('3', 'shared-one-long', 1, 'Alpha'),
      checked('4', 'shared-two-long', 1, 'Chat'),
      checked('5', 'shared-two-long', 1, 'Zoo'),
      checked('6', 'unique-and-long', 1),
    ])
      tally.add(entry);
    const report = tally.report();
    expect(report.reused.map((group) => group.entries.map((entry) => entry.title))).toEqual([
      ['Bank', 'Chat', 'Zoo'],
      ['Alpha', 'Mail'],
    ]);
    expect(reusedEntryCount(report)).toBe(5);
    expect(JSON.stringify(report)).not.toContain('shared-');
    expect(JSON.stringify(report)).not.toContain('fp(');
  });

  it('flags a password unchanged for more than a year, oldest first; an entry without a password is not judged', () => {
    const tally = healthTally(NOW);
    tally.add(checked('new', 'long enough password', 364));
    tally.add(checked('year', 'long enough password 2', 365));
    tally.add(checked('older', 'long enough password 3', 400));
    tally.add(checked('oldest', 'long enough password 4', 900));
    tally.add(checked('empty', '', 900));
    const report = tally.report();
    expect(report.old.map((entry) => entry.id)).toEqual(['oldest', 'older']);
    expect(report.weak).toEqual([]);
    expect(report.checked).toBe(5);
    expect(NOW - report.old[1]!.passwordSetAt).toBeGreaterThan(OLD_AFTER_MS);
  });
});


const entry = (id: string, fields: Partial<PasswordEntry> = {}): PasswordEntry => ({
  id,
  title: `Entry ${id}`,
  url: null,
  notes: null,
  username: `user${id}`,
  password: `password number ${id}`,
  groupId: null,
  createdAt: NOW - 30 * DAY,
  updatedAt: NOW - DAY,
  revision: 1,
  undecryptable: false,
  ...fields,
});

/** A sealed entry as the list holds it: details unopened, its record read from the overview. */
const recorded = (id: string, strength: StrengthScore, fingerprint: string, fields: Partial<PasswordEntry> = {}): PasswordEntry =>
  entry(id, { password: '', sealed: true, sealedDetails: { sealed: `details-${id}` as never, keyVersion: null }, health: { strength, fingerprint, passwordSetAt: NOW - 2 * DAY }, ...fields });

const loadEstimate = () => Promise.resolve(estimate);

describe('the health scan', () => {
  it('a password set when its history says, else when the entry was made', () => {
    expect(passwordSetAt(entry('1'))).toBe(NOW - 30 * DAY);
    expect(passwordSetAt(entry('2', { passwordHistory: [{ password: 'x', replacedAt: NOW - 5 * DAY }] }))).toBe(NOW - 5 * DAY);
  });

  it('opens every entry without a record, counts what does not open as unreadable, and reports progress to the end', async () => {
    const entries = [entry('1', { password: '', sealedDetails: { sealed: 'x' as never, keyVersion: null } }), entry('2'), entry('3', { undecryptable: true }), entry('4', { password: 'abc' })];
    const open = vi.fn((listed: PasswordEntry) => (listed.id === '2' ? Promise.reject(new Error('tag')) : Promise.resolve({ ...listed, password: listed.password || 'opened long password' })));
    const progress: string[] = [];
    const report = await scanHealth(entries, open, { loadEstimate, scope, now: NOW, onProgress: ({ done, total }) => progress.push(`${done}/${total}`) });
    expect(open).toHaveBeenCalledTimes(3);
    expect(report).toMatchObject({ checked: 2, unreadable: 2 });
    expect(report.weak.map((finding) => finding.id)).toEqual(['4']);
    expect(progress[0]).toBe('0/3');
    expect(progress.at(-1)).toBe('3/3');
  });

  it('reads an entry sealed with its record without opening it or loading the estimator', async () => {
    const entries = [recorded('a', 0, 'AAA'), recorded('b', 4, 'BBB'), recorded('c', 4, 'BBB'), recorded('d', 3, 'DDD', { health: { strength: 3, fingerprint: 'DDD', passwordSetAt: NOW - 500 * DAY } })];
    const open = vi.fn((listed: PasswordEntry) => Promise.resolve(listed));
    const load = vi.fn(loadEstimate);
    const report = await scanHealth(entries, open, { loadEstimate: load, scope, now: NOW });
    expect(open).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(report.checked).toBe(4);
    expect(report.weak.map((finding) => [finding.id, finding.score])).toEqual([['a', 0]]);
    expect(report.reused.map((group) => group.entries.map((found) => found.id))).toEqual([['b', 'c']]);
    expect(report.old.map((finding) => finding.id)).toEqual(['d']);
  });

  it('compares recorded entries with opened ones by fingerprint, and an entry without a password is not judged', async () => {
    const entries = [
      recorded('old-way', 4, fingerprintOf('shared long password')),
      entry('new-way', { password: 'shared long password' }),
      recorded('note', 0, 'x', { health: { strength: null, fingerprint: null, passwordSetAt: 0 } }),
    ];
    const report = await scanHealth(entries, (listed) => Promise.resolve(listed), { loadEstimate, scope, now: NOW });
    expect(report.reused.map((group) => group.entries.map((found) => found.id))).toEqual([['new-way', 'old-way']]);
    expect(report).toMatchObject({ checked: 3, weak: [], old: [] });
  });

  it('a record sealed under another team key version keeps its strength, and its fingerprint is taken again under the current key', async () => {
    const teamScope: HealthScope = { ...scope, keyVersion: 3 };
    const stale = recorded('stale', 1, 'under-version-2', { sealedDetails: { sealed: 'd' as never, keyVersion: 2 } });
    const current = recorded('current', 4, fingerprintOf('the same password'), { sealedDetails: { sealed: 'e' as never, keyVersion: 3 } });
    const open = vi.fn((listed: PasswordEntry) => Promise.resolve({ ...listed, password: 'the same password' }));
    const load = vi.fn(loadEstimate);
    const report = await scanHealth([stale, current], open, { loadEstimate: load, scope: teamScope, now: NOW });
    expect(open.mock.calls.map(([listed]) => listed.id)).toEqual(['stale']);
    expect(load).not.toHaveBeenCalled();
    expect(report.weak.map((finding) => [finding.id, finding.score])).toEqual([['stale', 1]]);
    expect(report.reused).toHaveLength(1);
  });

  it('hands over the recorded findings before opening the rest', async () => {
    const entries = [entry('opened', { password: 'abc' }), recorded('weak', 0, 'W')];
    const seen: HealthProgress[] = [];
    let opened = 0;
    await scanHealth(entries, (listed) => ((opened += 1), Promise.resolve(listed)), {
      loadEstimate,
      scope,
      now: NOW,
      onProgress: (progress) => {
        if (progress.findings !== undefined) seen.push({ ...progress, done: opened });
      },
    });
    // The first findings came before any entry was opened, and name the recorded weak one.
    expect(seen[0]?.done).toBe(0);
    expect(seen[0]?.findings?.weak.map((finding) => finding.id)).toEqual(['weak']);
    expect(seen.at(-1)?.findings?.weak.map((finding) => finding.id)).toEqual(['opened', 'weak']);
  });

  it('judges in slices of a few milliseconds, giving the page a turn between them, and stops when asked', async () => {
    let time = 0;
    const slowEstimate: EstimateStrength = (password, inputs) => {
      time += 5;
      return estimate(password, inputs);
    };
    const entries = Array.from({ length: 20 }, (_, index) => entry(String(index)));
    const progress: number[] = [];
    await scanHealth(entries, (listed) => Promise.resolve(listed), { loadEstimate: () => Promise.resolve(slowEstimate), scope, now: NOW, clock: () => time, onProgress: ({ done }) => progress.push(done) });
    // 5 ms per estimate, a turn every 12 ms: after the 3rd, 6th, 9th… entry.
    expect(progress).toEqual([0, 0, 3, 6, 9, 12, 15, 18, 20]);
    let calls = 0;
    const stopping = scanHealth(entries, (listed) => Promise.resolve(listed), { loadEstimate: () => Promise.resolve(slowEstimate), scope, now: NOW, clock: () => time, stopped: () => (calls += 1) > 1 });
    await expect(stopping).rejects.toBeInstanceOf(HealthScanStoppedError);
  });
});
