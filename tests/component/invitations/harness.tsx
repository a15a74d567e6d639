// The invitation screens over fake APIs: the accept page at /accept-invite with marker pages at /
// and /dashboard, and the header button with its modal. StrictMode as in the app.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { vi } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { parseNotice } from '@keyloft/contract/navigationNotice';
import { AcceptInvitePage, PendingInvitationsButton } from '../../../src/features/invitations';
import type { AcceptInviteApi, InvitationPreview, MyInvitation, MyInvitationsApi } from '../../../src/features/invitations';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore, type SessionStore } from '../../../src/session/sessionStore';
import { MemoryStorage } from '../../support/memoryStorage';
import { testServerState } from '../../support/serverState';

export type Session = 'signed-out' | 'locked' | 'unlocked';

export function userWith(email: string | null, uid = 'uid-bob'): AuthUser {
  return { uid, email, emailVerified: true, provider: 'password' };
}

export function sessionStore(session: Session, user: AuthUser = userWith('bob@example.com')): SessionStore {
  const store = createSessionStore(new MemoryStorage());
  if (session === 'locked') store.markLocked(user);
  if (session === 'unlocked') {
    // The page never touches the keys; stand-ins of the right kind are enough.
    store.unlock(user, { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey }, 'encrypted-private-key');
  }
  return store;
}

export const PREVIEW: InvitationPreview = Object.freeze({ email: 'bob@example.com', teamName: 'Acme', accountExists: true });

export function fakeAcceptApi(preview: InvitationPreview = PREVIEW) {
  return {
    lookup: vi.fn<AcceptInviteApi['lookup']>(() => Promise.resolve(preview)),
    accept: vi.fn<AcceptInviteApi['accept']>(() => Promise.resolve()),
  } satisfies AcceptInviteApi;
}

let ids = 0;
/** A fresh invite id per test: the page shares calls per id across mounts, as StrictMode needs. */
export function uniqueInviteId(): string {
  ids += 1;
  return `invite${ids}AbCdEfGhIjKlMn`.slice(0, 20);
}

/** Stand-in for / and /dashboard: shows how the page was reached. */
function Probe({ name }: { name: string }) {
  const state: unknown = useLocation().state;
  const navigationType = useNavigationType();
  return (
    <main>
      <h1>{name}</h1>
      <p>state: {JSON.stringify(state)}</p>
      <p>navigation: {navigationType}</p>
      <p>notice: {parseNotice(state) ?? 'none'}</p>
    </main>
  );
}

export interface AcceptPageOptions {
  readonly api: AcceptInviteApi;
  readonly store?: SessionStore;
  readonly authPending?: boolean;
}

export function renderAcceptPage(entry: string, options: AcceptPageOptions) {
  const store = options.store ?? sessionStore('signed-out');
  const tree = (authPending: boolean | undefined) => (
    <StrictMode>
      <SessionProvider store={store}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/accept-invite" element={<AcceptInvitePage api={options.api} authPending={authPending} />} />
            <Route path="/" element={<Probe name="Home page" />} />
            <Route path="/dashboard" element={<Probe name="Dashboard page" />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </StrictMode>
  );
  const user = userEvent.setup();
  const utils = render(tree(options.authPending));
  return {
    user,
    store,
    setAuthPending: (authPending: boolean) => {
      utils.rerender(tree(authPending));
    },
  };
}

const DAY = 24 * 60 * 60 * 1000;

export function invitation(overrides: Partial<MyInvitation> & Pick<MyInvitation, 'id'>): MyInvitation {
  const createdAt = Date.now() - 60_000;
  return {
    teamId: `team-${overrides.id}`,
    teamName: 'Acme',
    role: 'full',
    invitedByEmail: 'ana@example.com',
    createdAt,
    expiresAt: createdAt + 7 * DAY,
    ...overrides,
  };
}

/** The user's pending invitations as a server would hold them: accepting or declining removes one. */
export function fakeMyInvitations(initial: readonly MyInvitation[]) {
  let pending = [...initial];
  const answer = (inviteId: string) => {
    pending = pending.filter((item) => item.id !== inviteId);
    return Promise.resolve();
  };
  const api = {
    list: vi.fn<MyInvitationsApi['list']>(() => Promise.resolve([...pending])),
    accept: vi.fn<MyInvitationsApi['accept']>(answer),
    decline: vi.fn<MyInvitationsApi['decline']>(answer),
  } satisfies MyInvitationsApi;
  return {
    api,
    /** A new invitation arrives (newest first). */
    add(item: MyInvitation) {
      pending = [item, ...pending];
    },
    remaining: () => pending.map((item) => item.id),
    /** What the server does on an accept or decline: the invitation leaves the list. */
    answer,
  };
}

export function renderInvitationsButton(api: MyInvitationsApi) {
  const onJoined = vi.fn<(teamId: string) => void>();
  const user = userEvent.setup();
  const { client, wrap } = testServerState();
  render(
    wrap(
      <StrictMode>
        <header>
          <PendingInvitationsButton api={api} onJoined={onJoined} />
        </header>
      </StrictMode>,
    ),
  );
  return { user, onJoined, client };
}

export { deferred, settle } from '../../support/async';
