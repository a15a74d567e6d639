import { describe, expect, it } from 'vitest';
import { COMMAND_BADGES, decideCommandFill } from '../../../extension/src/commandFill';
import type { ListedItem } from '../../../src/features/vault/service/itemService';

// What the shortcut and the context menu do when the user asks for a fill without choosing a
// login: one matching login is filled; anything else fills nothing and asks.

function login(id: string, urls: { url: string; match: 'origin' | 'site' | 'prefix' | 'never' }[]): ListedItem {
  return {
    entry: { id, undecryptable: false },
    overview: { kind: 'login', title: id, username: `${id}-user`, urls, favourite: false },
  } as unknown as ListedItem;
}

const card = { entry: { id: 'card', undecryptable: false }, overview: { kind: 'card', title: 'Visa' } } as unknown as ListedItem;
const bank = login('bank', [{ url: 'https://bank.test/', match: 'origin' }]);
const bankOther = login('bank-2', [{ url: 'https://bank.test/login', match: 'origin' }]);
const shop = login('shop', [{ url: 'https://shop.test/', match: 'origin' }]);
const PAGE = 'https://bank.test/login?next=/';

describe('filling by the shortcut or the context menu', () => {
  it('fills the one login whose URL matches the page by its rule', () => {
    expect(decideCommandFill({ screen: 'unlocked', items: [shop, bank, card] }, PAGE)).toEqual({ kind: 'fill', item: bank });
  });

  it('fills nothing and asks when several logins match', () => {
    expect(decideCommandFill({ screen: 'unlocked', items: [bank, bankOther] }, PAGE)).toEqual({ kind: 'ask', reason: 'several-logins' });
  });

  it('fills nothing when no login matches: not another site’s, a sub-domain’s, an http page’s for https, a never-fill one', () => {
    const items = [shop, card, login('never', [{ url: 'https://bank.test/', match: 'never' }])];
    expect(decideCommandFill({ screen: 'unlocked', items }, PAGE)).toEqual({ kind: 'ask', reason: 'no-login' });
    expect(decideCommandFill({ screen: 'unlocked', items: [bank] }, 'http://bank.test/login')).toEqual({ kind: 'ask', reason: 'no-login' });
    expect(decideCommandFill({ screen: 'unlocked', items: [bank] }, 'https://login.bank.test/')).toEqual({ kind: 'ask', reason: 'no-login' });
    expect(decideCommandFill({ screen: 'unlocked', items: [bank] }, 'https://bank.test.evil.test/')).toEqual({ kind: 'ask', reason: 'no-login' });
  });

  it('a login that cannot be decrypted is never the one', () => {
    const broken = { ...bank, entry: { id: 'bank', undecryptable: true } } as unknown as ListedItem;
    expect(decideCommandFill({ screen: 'unlocked', items: [broken] }, PAGE)).toEqual({ kind: 'ask', reason: 'no-login' });
  });

  it('fills nothing while locked or signed out, whatever the vault would hold', () => {
    expect(decideCommandFill({ screen: 'locked' }, PAGE)).toEqual({ kind: 'ask', reason: 'locked' });
    expect(decideCommandFill({ screen: 'signed-out' }, PAGE)).toEqual({ kind: 'ask', reason: 'signed-out' });
  });

  it('fills nothing on a page Chrome gave no URL for, or one that is not a web page', () => {
    expect(decideCommandFill({ screen: 'unlocked', items: [bank] }, undefined)).toEqual({ kind: 'ask', reason: 'no-page' });
    expect(decideCommandFill({ screen: 'unlocked', items: [bank] }, 'chrome://settings/')).toEqual({ kind: 'ask', reason: 'no-page' });
  });

  it('says on the badge why it filled nothing', () => {
    for (const badge of Object.values(COMMAND_BADGES)) {
      expect(badge.text.length).toBeLessThanOrEqual(4);
      expect(badge.title).toMatch(/^Keyloft/);
    }
  });
});
