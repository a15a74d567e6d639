import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthModalRequest } from '@keyloft/contract/authModalRequest';
import { acceptInvitePath } from '@keyloft/contract/inviteLink/build';
import { noticeState } from '@keyloft/contract/navigationNotice';
import { useAppServices } from './AppServices';

const AuthModal = lazy(() => import('../features/auth/AuthModal'));

/**
 * The auth modal over the landing page: opened by navigation state, or by a locked session (a
 * signed-in user whose vault is closed). Success lands on /dashboard.
 */
export function AuthModalHost({ request, onClose }: { request: AuthModalRequest | null; onClose: () => void }) {
  const { config, auth } = useAppServices();
  const navigate = useNavigate();
  return (
    <Suspense fallback={null}>
      <AuthModal
        request={request}
        deps={auth.deps}
        hcaptchaSiteKey={config.hcaptchaSiteKey}
        onClose={onClose}
        onAuthenticated={(notice) => {
          // Signed in or up from an invitation: the accept page stores the pending team key and
          // accepts (docs/invitations.md). The secret stays in the fragment, which no server sees.
          if (request?.inviteId !== undefined) {
            void navigate(acceptInvitePath(request.inviteId, request.sharedSecret), { replace: true });
            return;
          }
          void navigate('/dashboard', { replace: true, state: notice === undefined ? null : noticeState(notice) });
        }}
      />
    </Suspense>
  );
}
