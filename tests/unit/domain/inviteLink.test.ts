import { describe, expect, it } from 'vitest';
import { acceptInvitePath, invitationLink } from '@keyloft/contract/inviteLink/build';
import { parseInvitationLink, readInviteLink } from '@keyloft/contract/inviteLink/parse';

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

/** A link secret as generateSharedSecret makes it: 43 base64url characters. */
const SECRET = 'AbC-dEf_0123456789abcdefghijklmnopqrstuvwxy';

describe('invitationLink and acceptInvitePath', () => {
  it('puts the id in the query and the secret in the fragment, as the links already sent have them', () => {
    expect(invitationLink('https://keyloft.test', 'invite1', SECRET)).toBe(`https://keyloft.test/accept-invite?inviteId=invite1#secret=${SECRET}`);
    expect(acceptInvitePath('invite1', SECRET)).toBe(`/accept-invite?inviteId=invite1#secret=${SECRET}`);
  });

  it('has no fragment without a secret', () => {
    expect(invitationLink('https://keyloft.test', 'invite1')).toBe('https://keyloft.test/accept-invite?inviteId=invite1');
    expect(acceptInvitePath('invite1', null)).toBe('/accept-invite?inviteId=invite1');
  });

  it('encodes what would otherwise end the query or the fragment', () => {
    expect(acceptInvitePath('a&b#c', 'x y&z=1')).toBe('/accept-invite?inviteId=a%26b%23c#secret=x%20y%26z%3D1');
  });
});

describe('parseInvitationLink', () => {
  it.each([
    ['a secret', SECRET],
    ['no secret', undefined],
    ['a secret that needs encoding', 'x y&z=1+2'],
  ])('reads back what invitationLink builds, with %s', (_case, secret) => {
    for (const id of ['invite1', 'a&b#c']) {
      expect(parseInvitationLink(invitationLink('https://keyloft.test', id, secret))).toEqual({ inviteId: id, secret: secret ?? null });
      expect(parseInvitationLink(acceptInvitePath(id, secret))).toEqual({ inviteId: id, secret: secret ?? null });
    }
  });

  it('reads a link of the older form, with the secret in the query', () => {
    expect(parseInvitationLink(`https://keyloft.test/accept-invite?inviteId=invite1&secret=${SECRET}`)).toEqual({ inviteId: 'invite1', secret: SECRET });
  });

  it.each([
    ['an empty text', ''],
    ['another page', `https://keyloft.test/dashboard?inviteId=invite1#secret=${SECRET}`],
    ['a page whose name only ends alike', `https://keyloft.test/not-accept-invite?inviteId=invite1#secret=${SECRET}`],
    ['no invite id', `https://keyloft.test/accept-invite#secret=${SECRET}`],
    ['a blank invite id', `https://keyloft.test/accept-invite?inviteId=%20#secret=${SECRET}`],
    ['the invite id only in the fragment', `https://keyloft.test/accept-invite#inviteId=invite1&secret=${SECRET}`],
  ])('is null for %s', (_case, link) => {
    expect(parseInvitationLink(link)).toBeNull();
  });

  it('has no secret when the fragment is empty or its secret blank', () => {
    expect(parseInvitationLink('https://keyloft.test/accept-invite?inviteId=invite1#')).toEqual({ inviteId: 'invite1', secret: null });
    expect(parseInvitationLink('https://keyloft.test/accept-invite?inviteId=invite1#secret=%20')).toEqual({ inviteId: 'invite1', secret: null });
  });
});
