import { describe, expect, it } from 'vitest';
import { decideCommandFill } from '../../../extension/src/commandFill';
import { itemsForTab, searchItems } from '../../../extension/src/tabItems';
import { accessibleTitle, mergeVaults, type VaultItem } from '../../../extension/src/vaultItems';
import type { ListedItem } from '../../../src/features/vault/service/itemService';

// The whole vault as the extension lists it (docs/extension.md, "The popup"): personal items, then
// each team's labelled with its team, matched, searched and chosen by the shortcut alike.

function login(id: string, url: string, username = `${id}-user`): ListedItem {
  return {
    entry: { id, undecryptable: false },
    overview: { kind: 'login', title: id, username, urls: [{ url, match: 'origin' }], favourite: false, hasOneTimeCode: false },
  } as unknown as ListedItem;
}

const ENGINEERING = { id: 'team-eng', name: 'Engineering' };
const SALES = { id: 'team-sales', name: 'Sales' };
const PAGE = 'https://deploy.test/login';

describe('merging the personal vault and the team vaults', () => {
  it('lists the personal items first, then each team’s in the teams’ order, each team item labelled', () => {
    const merged = mergeVaults(
      [login('mine', 'https://mine.test/')],
      [
        { team: ENGINEERING, items: [login('deploy', PAGE), login('ci', 'https://ci.test/')] },
        { team: SALES, items: [login('crm', 'https://crm.test/')] },
      ],
    );
    expect(merged.map((item) => [item.entry.id, item.team?.name ?? null])).toEqual([
      ['mine', null],
      ['deploy', 'Engineering'],
      ['ci', 'Engineering'],
      ['crm', 'Sales'],
    ]);
    // The team item is the listed item, unchanged but for its label.
    expect(merged[1]).toEqual({ ...login('deploy', PAGE), team: ENGINEERING });
  });

  it('with no team readable, is the personal vault alone', () => {
    const personal = [login('mine', 'https://mine.test/')];
    expect(mergeVaults(personal, [])).toEqual(personal);
  });

  it('names a team item with its team for screen readers and its buttons; a personal one by its title', () => {
    const [mine, deploy] = mergeVaults([login('mine', 'https://mine.test/')], [{ team: ENGINEERING, items: [login('deploy', PAGE)] }]) as [VaultItem, VaultItem];
    expect(accessibleTitle(mine, 'Mine')).toBe('Mine');
    expect(accessibleTitle(deploy, 'Deploy')).toBe('Deploy (team Engineering)');
  });
});

describe('team logins on the tab, in search and for the shortcut', () => {
  const vault = mergeVaults(
    [login('mine', 'https://mine.test/'), login('deploy-www', 'https://www.deploy.test/')],
    [{ team: ENGINEERING, items: [login('deploy', PAGE), login('ci', 'https://ci.test/')] }],
  );

  it('offers a team login for its own site, and lists one of the same site apart, by each URL’s rule', () => {
    const { matching, sameSite } = itemsForTab(vault, PAGE);
    expect(matching.map((item) => [item.entry.id, item.team?.name])).toEqual([['deploy', 'Engineering']]);
    expect(sameSite.map((item) => item.entry.id)).toEqual(['deploy-www']);
  });

  it('searches the team vaults too, also by the team’s name', () => {
    expect(searchItems(vault, 'ci-user').map((item) => item.entry.id)).toEqual(['ci']);
    expect(searchItems(vault, 'engineering').map((item) => item.entry.id)).toEqual(['deploy', 'ci']);
    expect(searchItems(vault, 'engineering deploy').map((item) => item.entry.id)).toEqual(['deploy']);
  });

  it('fills the one matching team login by the shortcut, with its label, so it opens with its team’s key', () => {
    const decision = decideCommandFill({ screen: 'unlocked', items: vault }, PAGE);
    expect(decision).toEqual({ kind: 'fill', item: { ...login('deploy', PAGE), team: ENGINEERING } });
  });

  it('asks when a personal and a team login both match: the shortcut does not choose between vaults', () => {
    const both = mergeVaults([login('mine-deploy', PAGE)], [{ team: ENGINEERING, items: [login('deploy', PAGE)] }]);
    expect(decideCommandFill({ screen: 'unlocked', items: both }, PAGE)).toEqual({ kind: 'ask', reason: 'several-logins' });
  });
});
