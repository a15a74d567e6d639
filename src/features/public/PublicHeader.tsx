import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { PRODUCT_NAME } from '../../ui/brand';
import { Logo } from './Logo';
import { useOpenAuthModal } from './useOpenAuthModal';

export type PublicHeaderProps = {
  /** Where Sign Up / Sign In navigate with the auth-modal state. */
  authPath?: string;
};

export function PublicHeader({ authPath = '/' }: PublicHeaderProps) {
  const openAuthModal = useOpenAuthModal(authPath);
  return (
    <header className="public-header">
      <div className="container public-header__inner">
        <Link to="/" className="public-brand">
          <Logo />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav className="public-header__nav" aria-label="Main">
          <Link to="/security" className="public-header__link">
            Security
          </Link>
        </nav>
        <div className="public-header__actions">
          <Button
            variant="ghost"
            onClick={() => {
              openAuthModal(false);
            }}
          >
            Sign In
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              openAuthModal(true);
            }}
          >
            Sign Up
          </Button>
        </div>
      </div>
    </header>
  );
}
