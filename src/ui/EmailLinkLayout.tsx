import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_EMAILS, mailtoHref } from '@keyloft/contract/contact';
import { PRODUCT_NAME } from './brand';
import { MAIN_CONTENT_ID } from './SkipLink';
import { useDocumentTitle } from './useDocumentTitle';
import './emailLinkLayout.css';

export type EmailLinkLayoutProps = {
  /** The document title; each state supplies its own h1 inside `children`. */
  title: string;
  children: ReactNode;
};

/**
 * The card every page reached from an emailed link sits in (SPEC.md §2: verification, reset,
 * email change, invitation): product name, the state's content, support contact.
 */
export function EmailLinkLayout({ title, children }: EmailLinkLayoutProps) {
  useDocumentTitle(title);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="email-link">
      <div className="email-link__card">
        <Link to="/" className="email-link__brand">
          {PRODUCT_NAME}
        </Link>
        {children}
        <p className="email-link__support">
          Need help? Email <a href={mailtoHref('support')}>{CONTACT_EMAILS.support}</a>.
        </p>
      </div>
    </main>
  );
}

/** Shown while a call to the auth service is in flight. */
export function EmailLinkLoading({ heading, status }: { heading: string; status: string }) {
  return (
    <>
      <h1>{heading}</h1>
      <p role="status" className="email-link__loading">
        <span className="email-link__spinner" aria-hidden="true" />
        {status}
      </p>
    </>
  );
}
