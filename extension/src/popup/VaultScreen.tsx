import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_OPTIONS, GeneratorPanel, type GeneratorOptions } from '../../../src/features/vault/generator';
import { Button } from '../../../src/ui/Button';
import { TextField } from '../../../src/ui/TextField';
import type { ChooseFill, ChooseFillAnswer } from '../popupMessages';
import type { ReadOnlyVault } from '../session/readOnlyVault';
import type { ExtensionSession } from '../session/session';
import { itemsForTab, searchItems } from '../tabItems';
import type { VaultItem } from '../vaultItems';
import { ItemRow } from './ItemRow';
import type { PopupWorker } from './popupWorker';
import { Brand } from './screens';

/** The tab the popup acts on. */
export interface TabTarget {
  readonly tabId: number;
  /** Chrome gives it under the activeTab grant (the toolbar button); null otherwise. */
  readonly url: string | null;
}

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly vault: ReadOnlyVault; readonly items: readonly VaultItem[]; readonly tab: TabTarget | null }
  | { readonly kind: 'failed'; readonly message: string };

const FILL_REFUSALS: Readonly<Record<Extract<ChooseFillAnswer, { kind: 'keyloft/fill-refused' }>['reason'], string>> = {
  'no-matching-frame': 'This page is not one this login is saved for.',
  'no-access': 'Keyloft cannot fill in this tab. Open the popup from the toolbar on the page itself.',
};

/** Unlocked: the logins for the current tab first, then search over the whole vault, personal and team. */
export function VaultScreen({ email, session, worker, tab, webVault = null, onLocked }: { email: string; session: ExtensionSession; worker: PopupWorker; tab: () => Promise<TabTarget | null>; webVault?: string | null; onLocked: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [generatorOptions, setGeneratorOptions] = useState<GeneratorOptions>({ ...DEFAULT_OPTIONS });

  useEffect(() => {
    let current = true;
    Promise.all([session.vault(), tab().catch(() => null)])
      .then(async ([vault, target]) => {
        if (vault === null) { onLocked(); return; }
        // Opening the popup unlocked is the use that moves the auto-lock on (docs/extension.md, "Auto-lock").
        worker.active().catch((error: unknown) => {
          console.warn('Keyloft: could not move the auto-lock on', error);
        });
        const items = await vault.items();
        if (current) setLoaded({ kind: 'ready', vault, items, tab: target });
      })
      .catch((error: unknown) => {
        console.error('Keyloft: could not load the vault', error);
        if (current) setLoaded({ kind: 'failed', message: 'The vault could not be loaded. Close this popup and open it again.' });
      });
    return () => {
      current = false;
    };
  }, [session, worker, tab, onLocked]);

  const forTab = useMemo(() => (loaded.kind === 'ready' ? itemsForTab(loaded.items, loaded.tab?.url ?? null) : null), [loaded]);
  const found = useMemo(() => (loaded.kind === 'ready' && query.trim() !== '' ? searchItems(loaded.items, query) : null), [loaded, query]);

  const lock = () => void session.lock().then(onLocked);
  const header = (
    <>
      <Brand />
      <p className="popup__muted">
        {email}{' '}
        <Button size="sm" variant="secondary" onClick={lock}>
          Lock
        </Button>{' '}
        <Button size="sm" variant="secondary" aria-expanded={generating} onClick={() => { setGenerating((shown) => !shown); }}>
          Password generator
        </Button>
      </p>
      {generating ? (
        <section aria-label="Password generator">
          <h2 className="popup__heading">Password generator</h2>
          {/* The app's own generator; a copy is cleared by the worker 30 s later, also after the popup closed. */}
          <GeneratorPanel options={generatorOptions} onOptionsChange={setGeneratorOptions} onCopied={() => { void worker.copied(true).catch(() => undefined); }} />
        </section>
      ) : null}
    </>
  );
  // The header in the same place as once loaded (a fragment alone would be unwrapped), so its
  // buttons are not made again when the vault arrives: a button in use keeps focus and its click.
  if (loaded.kind === 'loading') return <main className="popup" aria-busy="true">{header}{null}</main>;
  if (loaded.kind === 'failed') {
    return (
      <main className="popup">
        {header}
        <p role="alert">{loaded.message}</p>
      </main>
    );
  }
  const { vault, tab: target } = loaded;
  const fill = (item: VaultItem) => {
    if (target === null) return;
    vault
      .open(item)
      .then(async (opened) => {
        if (opened.kind !== 'login') throw new Error('not a login');
        const message: ChooseFill = { kind: 'keyloft/choose-fill', v: 1, tabId: target.tabId, itemId: item.entry.id, urls: opened.fields.urls, username: opened.fields.username, password: opened.fields.password, otp: opened.fields.otp };
        const answer = await chrome.runtime.sendMessage<ChooseFill, ChooseFillAnswer | undefined>(message);
        if (answer?.kind === 'keyloft/fill-started') {
          setStatus('Filled.');
          // The toolbar popup closes, as after any fill; opened in a tab (?tab=), it stays.
          if (!new URLSearchParams(location.search).has('tab')) window.close();
        } else setStatus(answer === undefined ? 'Keyloft could not fill this page.' : FILL_REFUSALS[answer.reason]);
      })
      .catch((error: unknown) => {
        console.error('Keyloft: fill failed', error);
        setStatus('Keyloft could not fill this page.');
      });
  };
  const row = (item: VaultItem, canFill: boolean) => <ItemRow key={item.entry.id} item={item} vault={vault} worker={worker} fill={canFill && target !== null ? fill : null} onStatus={setStatus} webVault={webVault} />;
  return (
    <main className="popup">
      {header}
      <p role="status" className="popup__status">{status}</p>
      <TextField label="Search the vault" type="search" value={query} onChange={(event) => { setQuery(event.target.value); }} autoFocus />
      {found !== null ? (
        <section aria-label="Search results">
          <h2 className="popup__heading">Search results</h2>
          {found.length === 0 ? <p className="popup__muted">Nothing matches.</p> : <ul className="popup__list">{found.map((item) => row(item, forTab?.matching.includes(item) ?? false))}</ul>}
        </section>
      ) : (
        <>
          <section aria-label="For this site">
            <h2 className="popup__heading">For this site</h2>
            {forTab === null || forTab.matching.length === 0 ? <p className="popup__muted">No login is saved for this page.</p> : <ul className="popup__list">{forTab.matching.map((item) => row(item, true))}</ul>}
          </section>
          {forTab !== null && forTab.sameSite.length > 0 ? (
            <section aria-label="Same site, other address">
              <h2 className="popup__heading">Same site, other address</h2>
              <p className="popup__muted">Saved for another address of this site: copy only, never filled here.</p>
              <ul className="popup__list">{forTab.sameSite.map((item) => row(item, false))}</ul>
            </section>
          ) : null}
        </>
      )}
    </main>
  );
}
