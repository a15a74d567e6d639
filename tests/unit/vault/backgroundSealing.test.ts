import { describe, expect, it } from 'vitest';
import { withSealed } from '../../../src/features/vault/session/backgroundSealing';

const item = (id: string, revision: number, sealed?: boolean) => ({ id, revision, ...(sealed === undefined ? {} : { sealed }) });

describe('withSealed', () => {
  it('puts each sealed item in place of the format-1 one it was sealed from', () => {
    const list = [item('a', 1), item('b', 4), item('c', 2)];
    expect(withSealed(list, [item('b', 5, true), item('a', 2, true)])).toEqual([item('a', 2, true), item('b', 5, true), item('c', 2)]);
  });

  it('keeps a save made meanwhile: a listed item at another revision, or already sealed, stays', () => {
    const list = [item('a', 3), item('b', 1, true)];
    expect(withSealed(list, [item('a', 2, true), item('b', 2, true)])).toEqual(list);
  });
});
