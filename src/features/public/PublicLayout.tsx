import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/SkipLink';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import './public.css';

export type PublicLayoutProps = {
  children: ReactNode;
  /** Where the header's Sign Up / Sign In navigate; see useOpenAuthModal. */
  authPath?: string;
};

/** Skip link, header, main landmark and footer shared by every public page. */
export function PublicLayout({ children, authPath }: PublicLayoutProps) {
  return (
    <div className="public-page">
      <SkipLink />
      <PublicHeader authPath={authPath} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="public-main">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
