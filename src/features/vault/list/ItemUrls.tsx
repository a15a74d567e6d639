import type { SealedItemUrl } from '../../../crypto';
import { URL_MATCH_NAMES } from '../items/kinds';
import { EntryUrl } from './PaneFields';

/**
 * A format-3 login's URLs (issue #44), each as the one url of a format-2 entry shows (text, and
 * Open for http(s)), with its match rule named where it is not the default, exact origin.
 */
export function ItemUrls({ urls }: { readonly urls: readonly SealedItemUrl[] }) {
  if (urls.length === 0) return null;
  return (
    <ul className="pw-item__urls" aria-label="Websites">
      {urls.map(({ url, match }, index) => (
        <li key={index}>
          <EntryUrl url={url} />
          {match !== 'origin' && <span className="pw-row__label">Match: {URL_MATCH_NAMES[match]}</span>}
        </li>
      ))}
    </ul>
  );
}
