import { useId } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import { FailedState } from '../../ui/FailedState';
import { AuthFooter } from './fields';
import type { FormError } from './formError';

/** A signed-in user's record is being looked up, to know whether to ask for or set a master password. */
export function AccountCheck({
  user,
  error,
  onRetry,
  onCancel,
}: {
  user: AuthUser;
  error: FormError | null;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const errorId = useId();
  return (
    <div className="auth-form">
      {error === null ? (
        <p role="status" className="auth-progress">
          Checking your account{user.email === null ? '' : ` (${user.email})`}…
        </p>
      ) : (
        <FailedState message={error.message} messageId={errorId} messageClassName="auth-notice" onRetry={onRetry} retryClassName="auth-submit" />
      )}
      <AuthFooter onCancel={onCancel} />
    </div>
  );
}
