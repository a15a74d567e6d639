import { useEffect, useId, useRef, useState } from 'react';
import type { StoredPasskey } from '../../data/passkeys/storedPasskeys';
import { Button } from '../../ui/Button';
import { DateStamp } from '../../ui/DateStamp';
import { PASSKEY_SECTION_MESSAGES } from './passkeyMessages';

/** One passkey in Settings: name, when added and last used, and Remove with a confirmation in place. */
export function PasskeyRow({ passkey, onRemove }: { readonly passkey: StoredPasskey; readonly onRemove: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  useEffect(() => {
    if (asking) cancelRef.current?.focus();
  }, [asking]);

  return (
    <li className="passkey-list__item">
      <span className="passkey-list__name">{passkey.name}</span>{' '}
      <span className="passkey-list__dates">
        <DateStamp label="Added" epochMs={passkey.createdAt} style="medium" unknownText="Added: unknown" />
        {' · '}
        {passkey.lastUsedAt === null ? (
          <span>Never used</span>
        ) : (
          <DateStamp label="Last used" epochMs={passkey.lastUsedAt} style="mediumWithTime" unknownText="Last used: unknown" />
        )}
      </span>
      {asking ? (
        <div role="group" aria-labelledby={questionId} className="passkey-list__confirm">
          <p id={questionId}>Remove the passkey “{passkey.name}”? It will no longer unlock your vault.</p>
          {error !== null && (
            <p role="alert" className="notice notice--error">
              {error}
            </p>
          )}
          <Button
            ref={cancelRef}
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => {
              setAsking(false);
              setError(null);
              setTimeout(() => removeRef.current?.focus(), 0);
            }}
          >
            Cancel
          </Button>{' '}
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              onRemove().catch((cause: unknown) => {
                console.warn(PASSKEY_SECTION_MESSAGES.removeFailed, cause);
                setBusy(false);
                setError(PASSKEY_SECTION_MESSAGES.removeFailed);
              });
            }}
          >
            {busy ? 'Removing…' : 'Remove passkey'}
          </Button>
        </div>
      ) : (
        <Button
          ref={removeRef}
          variant="secondary"
          size="sm"
          aria-label={`Remove passkey ${passkey.name}`}
          onClick={() => {
            setAsking(true);
          }}
        >
          Remove
        </Button>
      )}
    </li>
  );
}

