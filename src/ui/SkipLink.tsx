import type { MouseEvent } from 'react';
import './styles.css';

export const MAIN_CONTENT_ID = 'main';

/**
 * Moves focus to the main landmark. Focus is set by hand rather than by following the fragment so
 * the router's history (and any navigation state on it) is left untouched.
 */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  }
  return (
    <a className="skip-link" href={`#${targetId}`} onClick={skip}>
      Skip to content
    </a>
  );
}
