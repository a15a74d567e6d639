import { useState } from 'react';
import type { ReplacedPassword } from '../../../crypto';
import { Button } from '../../../ui/Button';
import { DateStamp } from '../../../ui/DateStamp';
import { CopyIcon, EyeIcon, EyeOffIcon } from '../../../ui/icons';
import { CopyTick, SecretValue } from './PaneFields';
import type { CopyFeedback, CopyField } from './useCopyFeedback';

// The passwords an entry had (issue #23), newest first, each masked until shown, with Copy.

export const PASSWORD_HISTORY_TEXTS = { heading: 'Password history' } as const;

export interface PasswordHistoryProps {
  readonly title: string;
  readonly history: readonly ReplacedPassword[];
  readonly feedback: CopyFeedback | null;
  readonly onCopy: (field: CopyField, password: string) => void;
}

export function PasswordHistory({ title, history, feedback, onCopy }: PasswordHistoryProps) {
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());
  function toggle(index: number) {
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  }
  return (
    <section className="pw-item__history" aria-label={`${PASSWORD_HISTORY_TEXTS.heading} for ${title}`}>
      <h4 className="pw-item__history-title">{PASSWORD_HISTORY_TEXTS.heading}</h4>
      <ol className="pw-item__history-list">
        {history.map((item, index) => {
          const revealed = shown.has(index);
          const field: CopyField = `history-${index}`;
          const which = `earlier password ${index + 1} for ${title}`;
          return (
            <li key={`${item.replacedAt}-${index}`} className="pw-item__history-item">
              <SecretValue value={item.password} revealed={revealed} />
              <span className="pw-item__history-date">
                <DateStamp label="Replaced" epochMs={item.replacedAt} style="mediumWithTime" unknownText="Replaced at an unknown time" />
              </span>
              <span className="pw-item__buttons">
                <Button variant="ghost" size="sm" icon={revealed ? <EyeOffIcon /> : <EyeIcon />} aria-label={`${revealed ? 'Hide' : 'Show'} ${which}`} onClick={() => { toggle(index); }}>
                  {revealed ? 'Hide' : 'Show'}
                </Button>
                <Button variant="ghost" size="sm" icon={<CopyIcon />} aria-label={`Copy ${which}`} onClick={() => { onCopy(field, item.password); }}>
                  Copy
                </Button>
                <CopyTick feedback={feedback} field={field} />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
