import type { ReactNode } from 'react';
import { Button, buttonClassName } from '../../../ui/Button';
import { safeHttpUrl } from './safeUrl';
import type { CopyFeedback, CopyField } from './useCopyFeedback';
import { CopyIcon, ExternalLinkIcon, EyeIcon, EyeOffIcon } from '../../../ui/icons';

/** A fixed length, so the mask says nothing about the password's length. */
const MASK = '••••••••';

/** A secret, masked (at a length that says nothing of it) until shown. */
export function SecretValue({ value, revealed }: { readonly value: string; readonly revealed: boolean }) {
  return revealed ? (
    <span className="pw-item__value pw-item__secret" translate="no">
      {value}
    </span>
  ) : (
    <span className="pw-item__value">
      <span aria-hidden="true">{MASK}</span>
      <span className="visually-hidden">hidden</span>
    </span>
  );
}

/** The 2-second tick after a copy, or the failure, beside the field that was copied. */
export function CopyTick({ feedback, field }: { readonly feedback: CopyFeedback | null; readonly field: CopyField }) {
  if (feedback?.field !== field) return null;
  return feedback.ok ? <span className="pw-item__copied">Copied</span> : <span className="pw-item__copy-error">Copy failed</span>;
}

/** One labelled value of the pane with its buttons. */
export function PaneField({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="pw-item__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export interface PasswordValueProps {
  readonly title: string;
  readonly password: string;
  readonly revealed: boolean;
  readonly feedback: CopyFeedback | null;
  readonly onToggle: () => void;
  readonly onCopy: () => void;
}

/** The password, masked until shown, with Show/Hide and Copy. */
export function PasswordValue({ title, password, revealed, feedback, onToggle, onCopy }: PasswordValueProps) {
  return (
    <PaneField label="Password">
      <SecretValue value={password} revealed={revealed} />
      <span className="pw-item__buttons">
        <Button variant="ghost" size="sm" icon={revealed ? <EyeOffIcon /> : <EyeIcon />} aria-label={`${revealed ? 'Hide' : 'Show'} password for ${title}`} onClick={onToggle}>
          {revealed ? 'Hide' : 'Show'}
        </Button>
        <Button variant="ghost" size="sm" icon={<CopyIcon />} aria-label={`Copy password for ${title}`} onClick={onCopy}>
          Copy
        </Button>
        <CopyTick feedback={feedback} field="password" />
      </span>
    </PaneField>
  );
}

export interface UsernameValueProps {
  readonly title: string;
  readonly username: string;
  readonly feedback: CopyFeedback | null;
  readonly onCopy: () => void;
}

export function UsernameValue({ title, username, feedback, onCopy }: UsernameValueProps) {
  return (
    <PaneField label="Username">
      <span className="pw-item__value">{username}</span>
      <span className="pw-item__buttons">
        <Button variant="ghost" size="sm" icon={<CopyIcon />} aria-label={`Copy username for ${title}`} onClick={onCopy}>
          Copy
        </Button>
        <CopyTick feedback={feedback} field="username" />
      </span>
    </PaneField>
  );
}

/**
 * The entry's url as text, with an Open button beside it that opens it in a new tab: only for a
 * plain http(s) address (safeUrl.ts), never for anything else a stored url may hold.
 */
export function EntryUrl({ url }: { readonly url: string }) {
  const href = safeHttpUrl(url);
  return (
    <p className="pw-item__url">
      <span className="pw-item__url-text" translate="no">
        {url}
      </span>
      {href !== null && (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'pw-item__open' })}
          aria-label={`Open ${url} in a new tab`}
          title="Open in a new tab"
        >
          <ExternalLinkIcon />
          Open
        </a>
      )}
    </p>
  );
}
