import { useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { CLIPBOARD_CLEAR_MS, copyToClipboard } from '../../ui/clipboard';
import { Dialog } from '../../ui/Dialog';
import { MEMBER_MESSAGES, memberErrorMessage } from './memberForm';

export interface InviteLinkDialogProps {
  readonly email: string;
  readonly link: string;
  /** Emails the link, secret included, through sendInvitationEmailWithSecret. */
  readonly sendEmail: () => Promise<void>;
  readonly onDone: (outcome: 'emailed' | 'copied' | 'closed') => void;
}

type Delivery = { readonly status: 'idle' | 'sending' | 'copied' | 'copy-failed' } | { readonly status: 'failed'; readonly message: string };

/**
 * The invitation of someone without an account (docs/invitations.md): the link carries the secret
 * that opens the team key, so the inviter chooses how it travels. Emailing hands the secret to our
 * email function for the moment of sending; a copied link reaches no Keyloft server.
 */
export function InviteLinkDialog({ email, link, sendEmail, onDone }: InviteLinkDialogProps) {
  const sendRef = useRef<HTMLButtonElement>(null);
  const linkId = useId();
  const [delivery, setDelivery] = useState<Delivery>({ status: 'idle' });
  const sending = delivery.status === 'sending';

  async function send() {
    setDelivery({ status: 'sending' });
    try {
      await sendEmail();
      onDone('emailed');
    } catch (caught) {
      console.error(MEMBER_MESSAGES.inviteEmailFailed, caught);
      setDelivery({ status: 'failed', message: memberErrorMessage(caught, MEMBER_MESSAGES.inviteEmailFailed) });
    }
  }

  async function copy() {
    try {
      await copyToClipboard(link, { clearAfterMs: CLIPBOARD_CLEAR_MS });
      setDelivery({ status: 'copied' });
    } catch {
      setDelivery({ status: 'copy-failed' });
    }
  }

  return (
    <Dialog
      open
      size="sm"
      title="Invitation Created"
      initialFocusRef={sendRef}
      onClose={() => {
        if (!sending) onDone(delivery.status === 'copied' ? 'copied' : 'closed');
      }}
    >
      <p>
        {email} has no Keyloft account yet. They join through an invitation link, which also carries the secret that opens the team
        key for them. The link works for 7 days.
      </p>
      <ul className="members__link-choices">
        <li>
          <strong>Send Email</strong>: we email the link. Our email service holds the secret only while sending it.
        </li>
        <li>
          <strong>Copy Link</strong>: send it yourself, through a channel you trust. No Keyloft server ever sees the secret.
        </li>
      </ul>
      <label htmlFor={linkId} className="field__label">
        Invitation link
      </label>
      <input
        id={linkId}
        className="input members__link"
        type="text"
        readOnly
        value={link}
        onFocus={(event) => {
          event.target.select();
        }}
      />
      <p role="status" className="members__link-status">
        {delivery.status === 'copied' ? 'Link copied. The clipboard is cleared in 30 seconds.' : ''}
      </p>
      {delivery.status === 'copy-failed' && (
        <p role="alert" className="notice notice--error">
          Could not copy to the clipboard. Select the link and copy it yourself.
        </p>
      )}
      {delivery.status === 'failed' && (
        <p role="alert" className="notice notice--error">
          {delivery.message}
        </p>
      )}
      <div className="teams-dialog__buttons">
        <Button variant="secondary" onClick={() => void copy()} disabled={sending}>
          Copy Link
        </Button>
        <Button ref={sendRef} onClick={() => void send()} disabled={sending}>
          {sending ? 'Sending…' : 'Send Email'}
        </Button>
      </div>
      {delivery.status === 'copied' && (
        <div className="teams-dialog__buttons">
          <Button
            variant="secondary"
            onClick={() => {
              onDone('copied');
            }}
          >
            Done
          </Button>
        </div>
      )}
    </Dialog>
  );
}
