import type { AuthModalRequest } from '../../domain/authModalRequest';
import { Dialog } from '../../ui/Dialog';

/**
 * The auth modal as far as this release goes: it opens from the navigation state the public pages
 * send (SPEC.md "Landing page") and says plainly that accounts cannot be created yet. The sign-in
 * issue (3) replaces the body with the login, signup, reset, MFA and master-password modes.
 */
export default function AuthModal({ request, onClose }: { request: AuthModalRequest; onClose: () => void }) {
  const title = request.signup ? 'Sign Up' : 'Sign In';
  return (
    <Dialog open onClose={onClose} title={title} size="sm">
      <p>Accounts are not open yet: sign-up and sign-in arrive with the next release of Keyloft.</p>
    </Dialog>
  );
}
