import { describe, expect, it } from 'vitest';
import { isLinkLikeTeamName } from '@keyloft/contract/teamName';

describe('isLinkLikeTeamName (issue #16 item 5)', () => {
  it.each([
    'Security notice: re-verify at https://evil.example/login',
    'ftp://files',
    'Visit www.example',
    'WWW.EXAMPLE',
    'evil.example',
    'Support at login.COM now',
    'x.io/path',
    'münchen.de team',
    'evil\u3002com',
    'evil\uFF0Ecom',
    'paypal-secure.co',
  ])('refuses %j', (name) => {
    expect(isLinkLikeTeamName(name)).toBe(true);
  });

  it.each(['Night Ops', 'Ops v2.0', 'St. Louis', 'R&D', 'Team A.B', 'Q3 2026 — Finance', 'Ops: core', 'Dept. 7'])('accepts %j', (name) => {
    expect(isLinkLikeTeamName(name)).toBe(false);
  });
});
