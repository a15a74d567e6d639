import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { MAIN_CONTENT_ID } from '../../ui/SkipLink';
import { DEVICE_COPY_TEXTS, type DeviceCopyService, type LogoutNote } from './model';
import { useClearCopy } from './useClearCopy';
import './deviceCopy.css';

export interface LogoutNoticeProps {
  readonly service: DeviceCopyService;
}

/** The note to show: the offer only while a copy is kept; the removal's result in any case. */
function noteToShow(service: DeviceCopyService): LogoutNote | null {
  const note = service.afterLogout.read();
  return note === 'offer' && !service.enabled() ? null : note;
}

/**
 * What the signed-out screen says right after a logout in this tab while the device keeps a copy
 * of the vault: that it stays, with the offer to remove it. The removal ends this page's database,
 * so it reloads; the note it leaves says the copy was removed until the user dismisses it.
 */
export function LogoutNotice({ service }: LogoutNoticeProps) {
  const [note, setNote] = useState(() => noteToShow(service));
  const clearing = useClearCopy(service);
  const removedRef = useRef<HTMLParagraphElement>(null);
  const showsRemoved = note === 'removed' || clearing.state.kind === 'cleared';
  // The result takes the place of the button that asked for it (or comes back with the reload the
  // removal asked for): the focus goes to it rather than to the page's start.
  useEffect(() => {
    if (showsRemoved) removedRef.current?.focus();
  }, [showsRemoved]);

  if (note === null) return null;
  const close = () => {
    service.afterLogout.write(null);
    setNote(null);
    // Its button goes with the notice: the focus moves on to the page's content.
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };

  if (showsRemoved) {
    return (
      <div className="container device-copy-notice">
        <div className="notice notice--success device-copy-notice__body">
          <p ref={removedRef} tabIndex={-1} role="status" className="device-copy-notice__text">
            {DEVICE_COPY_TEXTS.removed}
          </p>
          <Button variant="secondary" size="sm" onClick={close}>
            {DEVICE_COPY_TEXTS.dismiss}
          </Button>
        </div>
      </div>
    );
  }

  const clearingNow = clearing.state.kind === 'clearing';
  return (
    <div className="container device-copy-notice">
      <div className="notice device-copy-notice__body" aria-busy={clearingNow}>
        <p role="status" className="device-copy-notice__text">
          {clearingNow ? DEVICE_COPY_TEXTS.clearing : DEVICE_COPY_TEXTS.logoutOffer}
        </p>
        <div className="device-copy-notice__actions">
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={clearingNow}
            onClick={() => {
              clearing.run(() => {
                service.afterLogout.write('removed');
                service.reloadPage();
              });
            }}
          >
            {DEVICE_COPY_TEXTS.remove}
          </Button>
          <Button variant="ghost" size="sm" onClick={close} disabled={clearingNow}>
            {DEVICE_COPY_TEXTS.keep}
          </Button>
        </div>
        {clearing.state.kind === 'failed' && (
          <p role="alert" className="notice notice--error device-copy-notice__error">
            {clearing.state.message}
          </p>
        )}
      </div>
    </div>
  );
}
