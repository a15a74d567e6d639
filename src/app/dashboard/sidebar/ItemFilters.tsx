import { useContext } from 'react';
import { ITEM_FILTER_NAMES, ITEM_FILTERS, ItemFilterContext } from '../../../features/vault';
import { Count } from './SidebarCount';
import { CreditCardIcon, FileTextIcon, IdCardIcon, KeyRoundIcon, LockIcon, StarIcon } from '../../../ui/icons';

const ICONS = {
  favourites: <StarIcon />,
  login: <LockIcon />,
  note: <FileTextIcon />,
  card: <CreditCardIcon />,
  identity: <IdCardIcon />,
  ssh: <KeyRoundIcon />,
} as const;

/**
 * Favourites and the kinds of item (issue #44) in the sidebar: each narrows the list on screen,
 * whichever vault or group it shows, to its items; chosen again, it shows every item again. Each
 * says how many items of that list it shows, once the list has loaded (usePublishedItemCounts).
 */
export function ItemFilters() {
  const { filter, onFilter, counts } = useContext(ItemFilterContext);
  return (
    <ul className="vault-sidebar__groups vault-sidebar__kinds" aria-label="Kinds of item">
      {ITEM_FILTERS.map((kind) => (
        <li key={kind}>
          <button
            type="button"
            className="row-button vault-sidebar__group"
            aria-current={filter === kind ? 'page' : undefined}
            onClick={() => {
              onFilter(filter === kind ? 'all' : kind);
            }}
          >
            {ICONS[kind]}
            <span className="vault-sidebar__label">{ITEM_FILTER_NAMES[kind]}</span>
            <Count value={counts?.[kind] ?? null} />
          </button>
        </li>
      ))}
    </ul>
  );
}
