import { describe, expect, it } from 'vitest';
import { groupDraftErrors } from '../../../src/features/vault/groups/validateGroupDraft';

describe('groupDraftErrors (issue #17: the rules’ refusals said in the form)', () => {
  it('accepts names and descriptions within the limits, emoji included', () => {
    expect(groupDraftErrors({ name: ` ${'n'.repeat(100)} `, description: '😀'.repeat(250) })).toEqual({});
  });

  it('names the field and the limit for oversize text', () => {
    expect(groupDraftErrors({ name: 'n'.repeat(101), description: 'd'.repeat(501) })).toEqual({
      name: 'Group name must be at most 100 characters',
      description: 'Description must be at most 500 characters',
    });
  });

  it('refuses a lone surrogate, naming the field', () => {
    expect(groupDraftErrors({ name: 'Work \uD83D', description: '' })).toEqual({
      name: 'Group name contains a broken character (half of an emoji or symbol). Retype that part and try again.',
    });
  });
});
