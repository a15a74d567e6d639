import { describe, expect, it } from 'vitest';
import { historyAfterSave, PASSWORD_HISTORY_LIMIT, trimmedHistory } from '../../../src/features/vault/history/passwordHistory';

describe('password history', () => {
  it('keeps the replaced password with the time it was replaced, newest first', () => {
    const once = historyAfterSave([], 'first', 'second', 1_000);
    expect(once).toEqual([{ password: 'first', replacedAt: 1_000 }]);
    expect(historyAfterSave(once, 'second', 'third', 2_000)).toEqual([
      { password: 'second', replacedAt: 2_000 },
      { password: 'first', replacedAt: 1_000 },
    ]);
  });

  it('is unchanged when the password did not change or there was none', () => {
    const history = [{ password: 'old', replacedAt: 5 }];
    expect(historyAfterSave(history, 'same', 'same', 10)).toEqual(history);
    expect(historyAfterSave([], '', 'new', 10)).toEqual([]);
  });

  it('keeps the last ten, dropping the oldest', () => {
    let history = historyAfterSave([], 'p0', 'p1', 0);
    for (let index = 1; index <= 14; index += 1) history = historyAfterSave(history, `p${index}`, `p${index + 1}`, index);
    expect(history).toHaveLength(PASSWORD_HISTORY_LIMIT);
    expect(history.map((item) => item.password)).toEqual(['p14', 'p13', 'p12', 'p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p5']);
  });

  it('orders and trims a history from elsewhere (a file, an older save) the same way', () => {
    const scrambled = Array.from({ length: 12 }, (_, index) => ({ password: `p${index}`, replacedAt: (index * 7) % 12 }));
    const trimmed = trimmedHistory(scrambled);
    expect(trimmed).toHaveLength(10);
    expect(trimmed.map((item) => item.replacedAt)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});
