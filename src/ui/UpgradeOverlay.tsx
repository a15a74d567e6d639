import { useId, type ReactNode } from 'react';
import { LockIcon } from './icons';
import { LinkButton } from './LinkButton';
import './upgradeOverlay.css';

export type UpgradeOverlayProps = {
  /** Usually `showsUpgradeOverlay(subscription, now)` from src/domain/subscription. */
  locked: boolean;
  children: ReactNode;
};

/**
 * Covers a section with the blurred 'Upgrade to Access' panel (SPEC.md §2, Dashboard). The covered
 * content stays in the DOM, inert and hidden from assistive technology, but the overlay is UI, not
 * a security boundary: anyone can remove it in the browser's tools. While `locked`, callers must not
 * render decrypted data inside it: pass placeholders, or nothing, and do not decrypt.
 *
 * Locking and unlocking change the tree around `children`, so they remount; unlocked, they render
 * as if the overlay were not there.
 */
export function UpgradeOverlay({ locked, children }: UpgradeOverlayProps) {
  const headingId = useId();
  if (!locked) return <>{children}</>;
  return (
    <div className="upgrade-overlay">
      <div className="upgrade-overlay__content" inert aria-hidden="true">
        {children}
      </div>
      <section className="upgrade-overlay__panel" aria-labelledby={headingId}>
        <LockIcon className="upgrade-overlay__icon" />
        <h2 id={headingId} className="upgrade-overlay__title">
          Upgrade to Access
        </h2>
        <p className="upgrade-overlay__text">
          Your trial has ended. Upgrade to keep using personal passwords and teams.
        </p>
        <LinkButton to="/billing" variant="primary">
          View plans
        </LinkButton>
      </section>
    </div>
  );
}
