import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { parseNotice } from '../domain/navigationNotice';
import { signOutQuietly } from '../features/auth/flows/signIn';
import { useSession } from '../session/SessionContext';
import { Button } from '../ui/Button';
import { useAppServices } from './AppServices';

/**
 * What a signed-in user sees until the dashboard (issue 4) exists: who is signed in, the notice
 * the sign-in left (e.g. 'Verification email sent!'), and Log out, which clears the keys.
 */
export default function DashboardPlaceholder() {
  const session = useSession();
  const { auth } = useAppServices();
  const notice = parseNotice(useLocation().state);
  const [busy, setBusy] = useState(false);
  const email = session.status === 'signed-out' ? null : session.user.email;
  return (
    <main id="main" className="coming-soon">
      {notice !== null && (
        <p role="status" className="notice notice--success">
          {notice}
        </p>
      )}
      <h1>Dashboard</h1>
      <p>Your vault is unlocked{email === null ? '' : ` for ${email}`}. This screen is not built yet (issue 4).</p>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOutQuietly(auth.deps).finally(() => {
            setBusy(false);
          });
        }}
      >
        Log out
      </Button>
    </main>
  );
}
