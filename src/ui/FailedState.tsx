import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

export interface FailedStateProps {
  /** The h1, for a page that shows nothing but this state. */
  readonly heading?: string;
  /** Why it failed, announced; absent when the screen tells it elsewhere (an error dialog). */
  readonly message?: ReactNode;
  readonly messageId?: string;
  /** Extra classes on the message, which differ by feature. */
  readonly messageClassName?: string;
  /** What the message means and what to do next, under it. */
  readonly children?: ReactNode;
  /** Offers 'Try again'; absent when trying again cannot help. */
  readonly onRetry?: (() => void) | undefined;
  readonly retryVariant?: ButtonVariant;
  readonly retryClassName?: string;
  /** The way out: a link home, Back, the screen's other exits. */
  readonly back?: ReactNode;
  /** The way out before 'Try again', as a step's row reads (Back on the left). */
  readonly backFirst?: boolean;
  /** The class of the row holding 'Try again' and the way out; without one they stand on their own. */
  readonly actionsClassName?: string;
}

/**
 * What a screen shows in place of its content when what it is for failed (a link that did not
 * check out, a setup that did not start, a page that did not load): the reason, and a way to try
 * again or to leave. A section of a working screen uses LoadFailed instead.
 */
export function FailedState({
  heading,
  message,
  messageId,
  messageClassName,
  children,
  onRetry,
  retryVariant = 'primary',
  retryClassName,
  back,
  backFirst = false,
  actionsClassName,
}: FailedStateProps) {
  const retry = onRetry !== undefined && (
    <Button variant={retryVariant} className={retryClassName} onClick={onRetry}>
      Try again
    </Button>
  );
  const actions = backFirst ? (
    <>
      {back}
      {retry}
    </>
  ) : (
    <>
      {retry}
      {back}
    </>
  );
  return (
    <>
      {heading !== undefined && <h1>{heading}</h1>}
      {message !== undefined && (
        <p id={messageId} role="alert" className={['notice', 'notice--error', messageClassName].filter(Boolean).join(' ')}>
          {message}
        </p>
      )}
      {children}
      {actionsClassName === undefined ? actions : <div className={actionsClassName}>{actions}</div>}
    </>
  );
}
