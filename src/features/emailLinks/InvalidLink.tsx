import type { ReactNode } from 'react';
import { LinkButton } from '../../ui/LinkButton';

export interface InvalidLinkProps {
  readonly heading: string;
  /** What the link should have been and where to open it again from. */
  readonly children: ReactNode;
  /** The way out; home unless the page says otherwise. */
  readonly back?: ReactNode;
}

/** An emailed link that is cut short or is not for this page: nothing was tried, so there is nothing to retry. */
export function InvalidLink({ heading, children, back }: InvalidLinkProps) {
  return (
    <>
      <h1>{heading}</h1>
      <p>{children}</p>
      <div className="email-link__actions">
        {back ?? (
          <LinkButton to="/" variant="primary">
            Back to Home
          </LinkButton>
        )}
      </div>
    </>
  );
}
