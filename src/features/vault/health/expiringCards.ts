import { expiryStanding, type ExpiryStanding } from '../items/cardExpiry';
import type { CardExpiry } from '../items/kinds';
import type { PasswordEntry } from '../model';

// The health report's cards (issue #44): those expired, and those whose last valid day is 60 days
// away or fewer, read from the overview the list holds (a card's expiry is there for this), so the
// report lists them without opening anything.

export interface ExpiringCard {
  readonly id: string;
  readonly title: string;
  readonly brand: string;
  readonly last4: string;
  readonly expiry: CardExpiry;
  readonly standing: Exclude<ExpiryStanding, 'valid'>;
}

/** The vault's expired and expiring cards, the soonest (or longest expired) first, on the user's calendar day of `now`. */
export function expiringCards(entries: readonly PasswordEntry[], now: number): ExpiringCard[] {
  const today = new Date(now);
  const found: ExpiringCard[] = [];
  for (const entry of entries) {
    const item = entry.item;
    if (item?.kind !== 'card' || item.expiry === null) continue;
    const standing = expiryStanding(item.expiry, today);
    if (standing === 'valid') continue;
    found.push({ id: entry.id, title: entry.title, brand: item.brand, last4: item.last4, expiry: item.expiry, standing });
  }
  const monthOf = ({ expiry }: ExpiringCard) => expiry.year * 12 + expiry.month;
  return found.sort((a, b) => monthOf(a) - monthOf(b) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}
