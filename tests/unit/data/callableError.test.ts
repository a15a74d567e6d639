import { FunctionsError } from 'firebase/functions';
import { describe, expect, it } from 'vitest';
import { CallableError, asCallableError } from '../../../src/data/functions/callableError';

describe('asCallableError', () => {
  it('gives back the server’s message without the status firebase/functions appends, and the bare code', () => {
    // What the SDK throws for an HttpsError('not-found', …) (its _errorForResponse).
    const thrown = new FunctionsError('not-found', 'This invitation does not exist or has been removed. [404]');
    const error = asCallableError(thrown);
    expect(error).toBeInstanceOf(CallableError);
    expect(error).toMatchObject({ code: 'not-found', message: 'This invitation does not exist or has been removed.', cause: thrown });
  });

  it('keeps a message that merely ends in brackets of another kind', () => {
    const error = asCallableError(new FunctionsError('permission-denied', 'Only owners [and admins]'));
    expect(error).toMatchObject({ code: 'permission-denied', message: 'Only owners [and admins]' });
  });

  it('returns anything else unchanged', () => {
    const plain = new Error('network down [503]');
    expect(asCallableError(plain)).toBe(plain);
    expect(asCallableError('text')).toBe('text');
  });
});
