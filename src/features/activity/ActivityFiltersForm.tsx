import { useId, useRef } from 'react';
import { Button } from '../../ui/Button';
import { Field, TextField } from '../../ui/TextField';
import { ACTIVITY_CATEGORIES, CATEGORY_LABELS, isActivityCategory } from './activityKinds';
import { isFiltered, NO_FILTERS, type ActivityFilters } from './activityFilters';

/** A member the member filter offers: by uid, shown by address. */
export interface ActivityMember {
  readonly uid: string;
  readonly label: string;
}

export const FILTER_TEXTS = Object.freeze({
  legend: 'Filter the activity',
  member: 'Member',
  everyone: 'Everyone',
  kind: 'Activity',
  allActivity: 'All activity',
  from: 'From',
  to: 'To',
  reset: 'Clear filters',
});

export interface ActivityFiltersFormProps {
  readonly filters: ActivityFilters;
  readonly members: readonly ActivityMember[];
  /** What is wrong with the dates, shown with them; null when nothing is. */
  readonly error: string | null;
  readonly onChange: (filters: ActivityFilters) => void;
}

/** The viewer's filters: each change reads the log again from its newest event. */
export function ActivityFiltersForm({ filters, members, error, onChange }: ActivityFiltersFormProps) {
  const errorId = useId();
  const memberRef = useRef<HTMLSelectElement>(null);
  const set = (change: Partial<ActivityFilters>) => {
    onChange({ ...filters, ...change });
  };
  const filtered = isFiltered(filters);
  return (
    <fieldset className="activity-filters">
      <legend className="visually-hidden">{FILTER_TEXTS.legend}</legend>
      <Field label={FILTER_TEXTS.member} className="activity-filters__field">
        {(control) => (
          <select
            ref={memberRef}
            className="input"
            value={filters.actorUid}
            onChange={(event) => {
              set({ actorUid: event.target.value });
            }}
            {...control}
          >
            <option value="">{FILTER_TEXTS.everyone}</option>
            {members.map((member) => (
              <option key={member.uid} value={member.uid}>
                {member.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={FILTER_TEXTS.kind} className="activity-filters__field">
        {(control) => (
          <select
            className="input"
            value={filters.category}
            onChange={(event) => {
              const value = event.target.value;
              set({ category: isActivityCategory(value) ? value : '' });
            }}
            {...control}
          >
            <option value="">{FILTER_TEXTS.allActivity}</option>
            {ACTIVITY_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={FILTER_TEXTS.from}
        type="date"
        className="activity-filters__field"
        value={filters.from}
        invalid={error !== null}
        describedBy={error === null ? undefined : errorId}
        onChange={(event) => {
          set({ from: event.target.value });
        }}
      />
      <TextField
        label={FILTER_TEXTS.to}
        type="date"
        className="activity-filters__field"
        value={filters.to}
        invalid={error !== null}
        describedBy={error === null ? undefined : errorId}
        onChange={(event) => {
          set({ to: event.target.value });
        }}
      />
      {filtered && (
        <Button
          variant="ghost"
          size="sm"
          className="activity-filters__reset"
          onClick={() => {
            onChange(NO_FILTERS);
            // The button goes with the filters: focus moves to the first of them.
            memberRef.current?.focus();
          }}
        >
          {FILTER_TEXTS.reset}
        </Button>
      )}
      {error !== null && (
        <p id={errorId} role="alert" className="field__error activity-filters__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
