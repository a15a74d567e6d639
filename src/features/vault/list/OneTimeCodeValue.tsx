import { useMemo, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { CopyIcon, EyeIcon } from '../../../ui/icons';
import { useNow } from '../../../ui/useNow';
import { codeAt, OneTimeCodeError, parseOneTimeCode } from '../otp/oneTimeCode';
import { CopyTick, PaneField } from './PaneFields';
import type { CopyFeedback } from './useCopyFeedback';

// The item pane's one-time code (issue #23): the current code, the seconds it has left, and Copy
// (the 2-second tick, the clipboard cleared as for a password). Before the entry's details are
// opened the pane knows only that there is a code, and offers Show and Copy, as for the password.

export const ONE_TIME_CODE_PANE_TEXTS = {
  label: 'One-time code',
  unusable: (why: string) => `This one-time code cannot be used: ${why}`,
} as const;

/** The code read as two groups, as authenticator apps show it: '123 456', '1234 5678'. */
export function groupedCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}

export interface OneTimeCodeValueProps {
  readonly title: string;
  /** The stored otpauth:// link; undefined while the details are sealed. */
  readonly link: string | undefined;
  readonly feedback: CopyFeedback | null;
  /** Opens the details (a sealed entry), after which `link` is set. */
  readonly onShow: () => void;
  readonly onCopy: () => void;
}

export function OneTimeCodeValue({ title, link, feedback, onShow, onCopy }: OneTimeCodeValueProps) {
  const copyButton = (
    <Button variant="ghost" size="sm" icon={<CopyIcon />} aria-label={`Copy one-time code for ${title}`} onClick={onCopy}>
      Copy
    </Button>
  );
  if (link === undefined) {
    return (
      <PaneField label={ONE_TIME_CODE_PANE_TEXTS.label}>
        <span className="pw-item__value">
          <span aria-hidden="true">••• •••</span>
          <span className="visually-hidden">hidden</span>
        </span>
        <span className="pw-item__buttons">
          <Button variant="ghost" size="sm" icon={<EyeIcon />} aria-label={`Show one-time code for ${title}`} onClick={onShow}>
            Show
          </Button>
          {copyButton}
          <CopyTick feedback={feedback} field="otp" />
        </span>
      </PaneField>
    );
  }
  return <LiveCode link={link} feedback={feedback} copyButton={copyButton} />;
}

function LiveCode({ link, feedback, copyButton }: { link: string; feedback: CopyFeedback | null; copyButton: ReactNode }) {
  const settings = useMemo(() => {
    try {
      return parseOneTimeCode(link);
    } catch (error) {
      return error instanceof OneTimeCodeError ? error : new OneTimeCodeError(String(error));
    }
  }, [link]);
  // Twice a second: the code changes on the period's boundary, not half a second later.
  const now = useNow(500);
  if (settings instanceof OneTimeCodeError) {
    return <PaneField label={ONE_TIME_CODE_PANE_TEXTS.label}>{ONE_TIME_CODE_PANE_TEXTS.unusable(settings.message)}</PaneField>;
  }
  const { code, secondsLeft, period } = codeAt(settings, now);
  return (
    <PaneField label={ONE_TIME_CODE_PANE_TEXTS.label}>
      <span className="pw-item__value pw-item__secret pw-item__code" translate="no">
        {groupedCode(code)}
      </span>
      <span className="pw-item__countdown" title={`Changes in ${secondsLeft} s`}>
        <span className="pw-item__countdown-track" aria-hidden="true">
          <span className="pw-item__countdown-bar" style={{ inlineSize: `${(secondsLeft / period) * 100}%` }} />
        </span>
        <span className="pw-item__countdown-text">{secondsLeft} s</span>
        <span className="visually-hidden"> left</span>
      </span>
      <span className="pw-item__buttons">
        {copyButton}
        <CopyTick feedback={feedback} field="otp" />
      </span>
    </PaneField>
  );
}
