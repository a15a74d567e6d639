import './list.css';
import { EMPTY_TEXTS } from './listMessages';

/** Why the list has no row to show: vaults still to answer, none stored, none the sidebar's kind filter shows, or none matching the search. */
export type ListShowing = 'loading' | 'noEntries' | 'noneOfKind' | 'noMatches';

/** Rows the skeleton draws: about a screenful at 1280 × 800, and more than a phone shows. */
const SKELETON_ROWS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A skeleton of rows while the vaults are still loading (issue #43: an empty vault is said only
 * once every vault has answered empty). Drawn only: the panel's status says in words that the
 * passwords are loading, and the list region is aria-busy meanwhile.
 */
export function ListSkeleton() {
  return (
    <div className="pw-skeleton" aria-hidden="true" data-testid="list-skeleton">
      {SKELETON_ROWS.map((row) => (
        <div key={row} className="pw-skeleton__row">
          <span className="pw-skeleton__avatar" />
          <span className="pw-skeleton__lines">
            <span className="pw-skeleton__line" />
            <span className="pw-skeleton__line pw-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** What the list shows in place of rows. */
export function ListPlaceholder({ showing }: { readonly showing: ListShowing }) {
  if (showing === 'loading') return <ListSkeleton />;
  return <p className="pw-list__empty">{EMPTY_TEXTS[showing]}</p>;
}
