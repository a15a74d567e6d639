import type { ReactNode } from 'react';
import { LinkButton } from '../../ui/LinkButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PublicLayout } from './PublicLayout';

export type StaticPageProps = {
  title: string;
  /** Shown as "Last updated: …" under the title (the legal pages). */
  lastUpdated?: string;
  /** A short lead paragraph under the title. */
  intro?: ReactNode;
  children: ReactNode;
};

/** Layout of /privacy, /terms and /security: Back to Home, one h1, then h2 sections. */
export function StaticPage({ title, lastUpdated, intro, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <article className="container static-page">
        <LinkButton to="/" variant="secondary" size="sm" className="static-page__back">
          Back to Home
        </LinkButton>
        <h1>{title}</h1>
        {lastUpdated && <p className="static-page__updated">Last updated: {lastUpdated}</p>}
        {intro && <p className="static-page__intro">{intro}</p>}
        {children}
      </article>
    </PublicLayout>
  );
}

export type StaticSectionProps = { title: string; children: ReactNode };

export function StaticSection({ title, children }: StaticSectionProps) {
  return (
    <section className="static-page__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
