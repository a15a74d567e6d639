import type { AccountFunctions, DeleteAccountResult } from '../../src/data/functions/accountFunctions';

/** The account callables' stand-in: records the calls; `fail` makes the next call reject with it. */
export class FakeAccountFunctions implements AccountFunctions {
  deleteCalls = 0;
  fail: Error | null = null;
  /** Resolves the pending call; set while a call waits, for tests that look at the progress state. */
  hold: Promise<void> | null = null;

  async deleteAccount(): Promise<DeleteAccountResult> {
    this.deleteCalls += 1;
    if (this.hold) await this.hold;
    if (this.fail) throw this.fail;
    return { success: true, message: 'Your account and all of its data have been deleted.' };
  }
}
