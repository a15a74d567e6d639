import { formatDate, validDate, type DateStyle } from './format';

export interface DateStampProps {
  /** What the date is, e.g. 'Created'. */
  readonly label: string;
  readonly epochMs: number;
  readonly style: DateStyle;
  /** Shown instead when `epochMs` is not a date. */
  readonly unknownText: string;
}

/** '{label} {date}', with the date machine-readable in a <time>. */
export function DateStamp({ label, epochMs, style, unknownText }: DateStampProps) {
  const date = validDate(epochMs);
  if (date === null) return <span>{unknownText}</span>;
  return (
    <span>
      {label} <time dateTime={date.toISOString()}>{formatDate(epochMs, style)}</time>
    </span>
  );
}
