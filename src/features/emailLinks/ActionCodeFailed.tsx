import type { ReactNode } from 'react';
import { FailedState } from '../../ui/FailedState';
import { LinkButton } from '../../ui/LinkButton';
import { actionCodeErrorMessage, canRetryActionCode, type EmailLinkFlow } from './actionCodeErrors';

export interface ActionCodeFailedProps {
  readonly heading: string;
  readonly flow: EmailLinkFlow;
  readonly error: unknown;
  /** Offered only when the failure is one that trying again can mend. */
  readonly onRetry?: (() => void) | undefined;
  /** More on what the message means. */
  readonly children?: ReactNode;
}

/** An emailed auth link that did not work: why, Try again when it can help, and the way home. */
export function ActionCodeFailed({ heading, flow, error, onRetry, children }: ActionCodeFailedProps) {
  const retry = onRetry !== undefined && canRetryActionCode(error);
  return (
    <FailedState
      heading={heading}
      message={actionCodeErrorMessage(error, flow)}
      onRetry={retry ? onRetry : undefined}
      back={
        <LinkButton to="/" variant={retry ? 'secondary' : 'primary'}>
          Back to Home
        </LinkButton>
      }
      actionsClassName="email-link__actions"
    >
      {children}
    </FailedState>
  );
}
