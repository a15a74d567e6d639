import { useCallback, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseAuthModalRequest, type AuthModalRequest } from '@keyloft/contract/authModalRequest';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Features } from './landing/Features';
import { Hero } from './landing/Hero';
import { SecuritySummary } from './landing/SecuritySummary';
import { Testimonials } from './landing/Testimonials';
import { VaultPreview } from './landing/VaultPreview';
import { PublicLayout } from './PublicLayout';
import { useOpenAuthModal } from './useOpenAuthModal';

export type LandingPageProps = {
  /** Renders the auth modal when navigation state asks for it; `close` clears that state. */
  renderAuthModal: (request: AuthModalRequest, close: () => void) => ReactNode;
  /** Shown above the page's content (what a logout left to say). */
  notice?: ReactNode;
};

/** Served at /, and at /dashboard and /billing when nobody is signed in: it never assumes its path. */
export function LandingPage({ renderAuthModal, notice }: LandingPageProps) {
  useDocumentTitle('Secure Password Management for Teams');
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  const state: unknown = location.state;
  const request = useMemo(() => parseAuthModalRequest(state), [state]);
  const openAuthModal = useOpenAuthModal(pathname);
  const close = useCallback(() => {
    void navigate({ pathname, search }, { replace: true, state: null });
  }, [navigate, pathname, search]);

  return (
    <>
      <PublicLayout authPath={pathname}>
        {notice}
        <Hero
          onGetStarted={() => {
            openAuthModal(true);
          }}
        />
        <Features />
        <SecuritySummary />
        <VaultPreview />
        <Testimonials />
      </PublicLayout>
      {request && renderAuthModal(request, close)}
    </>
  );
}
