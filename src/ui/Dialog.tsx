import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { focusableWithin } from './focusable';
import { XIcon } from './icons';
import './styles.css';

export type DialogSize = 'sm' | 'md' | 'lg';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Rendered as the dialog's h2 and used as its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Optional text under the title, used as the accessible description. */
  description?: ReactNode;
  /** Receives focus on open; otherwise the first focusable element of the body, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible name of the × button. */
  closeLabel?: string;
  hideCloseButton?: boolean;
  /** Off by default: a stray click outside should not throw away what was typed. */
  closeOnBackdropClick?: boolean;
  size?: DialogSize;
};

/**
 * Modal dialog: focus moves in on open and back to the opener on close, Tab is kept inside,
 * Escape closes, and everything else on the page is made inert while it is open.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  description,
  initialFocusRef,
  closeLabel = 'Close',
  hideCloseButton = false,
  closeOnBackdropClick = false,
  size = 'md',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Kept in refs so a parent re-rendering with new closures does not re-run the open effect
  // (which would steal focus back to the first field).
  const onCloseRef = useRef(onClose);
  const initialFocusRefRef = useRef(initialFocusRef);
  useEffect(() => {
    onCloseRef.current = onClose;
    initialFocusRefRef.current = initialFocusRef;
  });

  useEffect(() => {
    if (!open) return;
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const inerted: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling !== overlay && !sibling.hasAttribute('inert')) {
        sibling.setAttribute('inert', '');
        inerted.push(sibling);
      }
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const requested = initialFocusRefRef.current?.current;
    const firstInBody = bodyRef.current ? focusableWithin(bodyRef.current)[0] : undefined;
    (requested ?? firstInBody ?? panel).focus();

    // Focus can fall out to the body (the focused button was disabled or removed, as an answered
    // row is); Escape must still close the topmost dialog, or the inert page stays out of reach.
    function closeOnStrayEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Node && overlay?.contains(event.target)) return;
      const overlays = document.body.querySelectorAll(':scope > .dialog-overlay');
      if (overlays[overlays.length - 1] !== overlay) return;
      event.preventDefault();
      onCloseRef.current();
    }
    document.addEventListener('keydown', closeOnStrayEscape);

    return () => {
      document.removeEventListener('keydown', closeOnStrayEscape);
      for (const element of inerted) element.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Stop here so a dialog opened from another dialog closes alone.
      event.stopPropagation();
      event.preventDefault();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    event.stopPropagation();
    const focusable = focusableWithin(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const outside = !focusable.some((element) => element === active);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  }

  function requestClose() {
    onCloseRef.current();
  }

  function handleBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (closeOnBackdropClick && event.target === event.currentTarget) requestClose();
  }

  return createPortal(
    <div ref={overlayRef} className="dialog-overlay" onKeyDown={handleKeyDown} onClick={handleBackdropClick}>
      <div
        ref={panelRef}
        className={`dialog dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button
              type="button"
              className="dialog__close"
              aria-label={closeLabel}
              onClick={requestClose}
            >
              <XIcon />
            </button>
          )}
        </div>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        <div ref={bodyRef} className="dialog__body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
