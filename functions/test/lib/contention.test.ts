import { describe, expect, it } from 'vitest';
import { backoffDelay, CONTENTION_RETRY, isContention, retryContention } from '../../src/lib/contention';

// Issue #17 item 6: a transaction that lost to another (ABORTED, a lock timeout) wrote nothing and
// is run again with backoff; any other failure is the caller's answer at once.

describe('isContention', () => {
  it('recognises ABORTED in its numeric and named forms, and lock-timeout messages', () => {
    for (const error of [
      { code: 10, message: '10 ABORTED: Transaction lock timeout.' },
      { code: 'aborted', message: 'x' },
      { code: 'ABORTED' },
      new Error('13 INTERNAL: Transaction lock timeout'),
      new Error('Too much contention on these documents. Please try again.'),
    ]) {
      expect(isContention(error)).toBe(true);
    }
  });

  it('does not retry refusals, missing documents or plain failures', () => {
    for (const error of [{ code: 5, message: 'NOT_FOUND' }, { code: 'failed-precondition', message: 'Team limit' }, new Error('boom'), null, 'aborted']) {
      expect(isContention(error)).toBe(false);
    }
  });
});

describe('backoffDelay', () => {
  it('doubles from the base, is capped, and jitters within the upper half', () => {
    expect([2, 3, 4, 5].map((attempt) => backoffDelay(attempt, CONTENTION_RETRY, () => 0))).toEqual([50, 100, 200, 400]);
    expect(backoffDelay(2, CONTENTION_RETRY, () => 0.999_999)).toBe(100);
    expect(backoffDelay(20, CONTENTION_RETRY, () => 0.999_999)).toBe(CONTENTION_RETRY.maxDelayMs);
  });
});

describe('retryContention', () => {
  const aborted = () => Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });

  it('runs again after contention, waiting with backoff, and returns the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryContention(
      () => {
        calls += 1;
        return calls < 3 ? Promise.reject(aborted()) : Promise.resolve('created');
      },
      CONTENTION_RETRY,
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      () => 0,
    );
    expect(result).toBe('created');
    expect(calls).toBe(3);
    expect(waits).toEqual([50, 100]);
  });

  it('gives up after the policy’s attempts with the last contention error', async () => {
    let calls = 0;
    const run = () => {
      calls += 1;
      return Promise.reject(aborted());
    };
    await expect(retryContention(run, { attempts: 4, baseDelayMs: 1, maxDelayMs: 1 }, () => Promise.resolve())).rejects.toMatchObject({ code: 10 });
    expect(calls).toBe(4);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    const refusal = Object.assign(new Error('Team Creation Limit Reached'), { code: 'failed-precondition' });
    const run = () => {
      calls += 1;
      return Promise.reject(refusal);
    };
    await expect(retryContention(run, CONTENTION_RETRY, () => Promise.resolve())).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });
});
