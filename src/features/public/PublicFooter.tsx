import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../ui/brand';
import { COPYRIGHT_YEAR } from './constants';

export function PublicFooter() {
  return (
    <footer className="public-footer">
      <div className="container public-footer__inner">
        <nav aria-label="Legal">
          <ul className="public-footer__links">
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/security">Security</Link>
            </li>
          </ul>
        </nav>
        <p className="public-footer__copyright">
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
