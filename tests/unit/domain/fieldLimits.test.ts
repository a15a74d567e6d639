// The form limits (src/domain/fieldLimits.ts) and firestore.rules cannot drift: the numbers are
// read out of the rules' own functions here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTRY_SECRET_MAX_BYTES, FIELD_LIMITS, SEAL_OVERHEAD_BYTES, tooLongMessage, tooManyBytesMessage, utf8Length } from '@keyloft/contract/fieldLimits';

const rules = readFileSync('firestore.rules', 'utf8');

/** The body of `function name(...) { ... }` in firestore.rules, up to its closing brace. */
function ruleFunction(name: string): string {
  const start = rules.indexOf(`function ${name}(`);
  expect(start, `firestore.rules has function ${name}`).toBeGreaterThanOrEqual(0);
  const open = rules.indexOf('{', start);
  let depth = 0;
  for (let index = open; index < rules.length; index += 1) {
    if (rules[index] === '{') depth += 1;
    if (rules[index] === '}') depth -= 1;
    if (depth === 0) return rules.slice(open, index + 1);
  }
  throw new Error(`unterminated function ${name}`);
}

/** Every number N in `pattern` (one capture group) found in the body. */
function numbers(body: string, pattern: RegExp): number[] {
  return [...body.matchAll(new RegExp(pattern.source, 'g'))].map((match) => Number(match[1]));
}

describe('form limits match firestore.rules', () => {
  it('entries (isEntryContent): title, url, notes, and the sealed username and password', () => {
    const body = ruleFunction('isEntryContent');
    expect(numbers(body, /d\.title\.size\(\) <= (\d+)/)).toEqual([FIELD_LIMITS.entryTitle]);
    expect(numbers(body, /d\.url\.size\(\) <= (\d+)/)).toEqual([FIELD_LIMITS.entryUrl]);
    expect(numbers(body, /d\.notes\.size\(\) <= (\d+)/)).toEqual([FIELD_LIMITS.entryNotes]);
    expect(numbers(body, /isSealed\(d\.username, 0, (\d+)\)/)).toEqual([FIELD_LIMITS.entrySealedBytes]);
    expect(numbers(body, /isSealed\(d\.password, 0, (\d+)\)/)).toEqual([FIELD_LIMITS.entrySealedBytes]);
  });

  it('sealed entries (isSealedEntryContent): the overview and details bounds', () => {
    const body = ruleFunction('isSealedEntryContent');
    expect(numbers(body, /isSealed\(d\.overview, 2, (\d+)\)/)).toEqual([FIELD_LIMITS.entryOverviewSealedBytes]);
    expect(numbers(body, /isSealed\(d\.details, 2, (\d+)\)/)).toEqual([FIELD_LIMITS.entryDetailsSealedBytes]);
  });

  it('the largest entry the form accepts fits the sealed bounds, even with every character escaped by JSON', () => {
    // U+0001 is one UTF-8 byte and one UTF-16 unit, and JSON writes it as six bytes: \u0001.
    const escaped = (units: number) => '\u0001'.repeat(units);
    const sealedBytes = (value: Record<string, unknown>) => utf8Length(JSON.stringify(value)) + SEAL_OVERHEAD_BYTES;
    const overview = { title: escaped(FIELD_LIMITS.entryTitle), url: escaped(FIELD_LIMITS.entryUrl), username: escaped(ENTRY_SECRET_MAX_BYTES) };
    // With a one-time code and a full password history (issue #23), each old password as large.
    const details = {
      password: escaped(ENTRY_SECRET_MAX_BYTES),
      notes: escaped(FIELD_LIMITS.entryNotes),
      otp: escaped(FIELD_LIMITS.entryOneTimeCode),
      history: Array.from({ length: FIELD_LIMITS.entryPasswordHistory }, () => ({ password: escaped(ENTRY_SECRET_MAX_BYTES), replacedAt: Number.MAX_SAFE_INTEGER })),
    };
    expect(JSON.stringify({ title: escaped(1) })).toHaveLength('{"title":""}'.length + 6);
    expect(sealedBytes(overview)).toBeLessThanOrEqual(FIELD_LIMITS.entryOverviewSealedBytes);
    expect(sealedBytes(details)).toBeLessThanOrEqual(FIELD_LIMITS.entryDetailsSealedBytes);
  });

  it('the largest sealed entry (both parts base64, beside its other fields) is under Firestore’s 1 MiB document', () => {
    const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
    const parts = base64Length(FIELD_LIMITS.entryOverviewSealedBytes) + base64Length(FIELD_LIMITS.entryDetailsSealedBytes);
    expect(parts + 4096).toBeLessThan(1_048_576 - 89);
  });

  it('the seal overhead is the IV and tag isSealed adds', () => {
    expect(numbers(ruleFunction('isSealed'), /isBase64\(value, (\d+) \+ minPlaintextBytes \+ \d+/)).toEqual([12]);
    expect(numbers(ruleFunction('isSealed'), /minPlaintextBytes \+ (\d+),/)).toEqual([16]);
    expect(SEAL_OVERHEAD_BYTES).toBe(12 + 16);
    expect(ENTRY_SECRET_MAX_BYTES).toBe(FIELD_LIMITS.entrySealedBytes - 28);
  });

  it('groups (isGroupContent, personal and team): name and description', () => {
    const body = ruleFunction('isGroupContent');
    expect(numbers(body, /d\.name\.size\(\) <= (\d+)/)).toEqual([FIELD_LIMITS.groupName]);
    expect(numbers(body, /d\.description\.size\(\) <= (\d+)/)).toEqual([FIELD_LIMITS.groupDescription]);
  });

  it('teams (isTeamDetailsEdit): name and description', () => {
    const body = ruleFunction('isTeamDetailsEdit');
    expect(numbers(body, /isTeamText\(d\.name, (\d+)\)/)).toEqual([FIELD_LIMITS.teamName]);
    expect(numbers(body, /isTeamText\(d\.description, (\d+)\)/)).toEqual([FIELD_LIMITS.teamDescription]);
  });

  it('messages name the field and the limit', () => {
    expect(tooLongMessage('Title', FIELD_LIMITS.entryTitle)).toBe('Title must be at most 500 characters');
    expect(tooManyBytesMessage('Password', ENTRY_SECRET_MAX_BYTES)).toMatch(/^Password must be at most 6116 bytes/);
  });
});
