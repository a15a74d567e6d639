import { describe, expect, it } from 'vitest';
import { readInviteLink } from '../../../src/features/invitations/inviteLink';

const read = (query: string, hash = '') => readInviteLink(new URLSearchParams(query), hash);

describe('readInviteLink', () => {
  it('reads the invite id and the secret from the fragment', () => {
    expect(read('?inviteId=abc123', '#secret=s3cr3t_-x')).toEqual({ inviteId: 'abc123', secret: 's3cr3t_-x' });
  });

  it('reads the secret from the query when the fragment has none', () => {
    expect(read('?inviteId=abc123&secret=fromQuery')).toEqual({ inviteId: 'abc123', secret: 'fromQuery' });
    expect(read('?inviteId=abc123&secret=fromQuery', '#other=1')).toEqual({ inviteId: 'abc123', secret: 'fromQuery' });
  });

  it('prefers the fragment when both carry a secret', () => {
    expect(read('?inviteId=abc123&secret=fromQuery', '#secret=fromFragment')).toEqual({ inviteId: 'abc123', secret: 'fromFragment' });
  });

  it('accepts a fragment given without its #', () => {
    expect(read('?inviteId=abc123', 'secret=bare')).toEqual({ inviteId: 'abc123', secret: 'bare' });
  });

  it('has no secret when neither carries one, or it is blank', () => {
    expect(read('?inviteId=abc123')).toEqual({ inviteId: 'abc123', secret: null });
    expect(read('?inviteId=abc123&secret=', '#secret=%20')).toEqual({ inviteId: 'abc123', secret: null });
  });

  it('trims the invite id', () => {
    expect(read('?inviteId=%20abc123%20')).toEqual({ inviteId: 'abc123', secret: null });
  });

  it.each([
    ['no query', ''],
    ['an empty invite id', '?inviteId='],
    ['a blank invite id', '?inviteId=%20%20'],
    ['only a secret', '?secret=abc'],
  ])('is null with %s', (_case, query) => {
    expect(read(query, '#secret=abc')).toBeNull();
  });
});
