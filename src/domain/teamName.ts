// Team names that look like links are refused (issue #16 item 5): a team name travels in
// invitation emails to people who never chose Keyloft, and "re-verify at evil.example" there is
// phishing with our name on it. The rule is deliberately simple, and the same in the team form,
// createTeam and firestore.rules (isLinkFreeTeamName), documented in docs/teams.md:
//   - no "://" anywhere;
//   - no "www." anywhere;
//   - no domain-like token: a letter, digit, "_" or "-", a dot, then two letters ("evil.example",
//     "login.COM", "x.io/path").
// Dots include the ideographic and full-width dots some clients also link. Names such as
// "Ops v2.0", "St. Louis" or "R&D" pass; "node.js" does not, and the message says why.

const DOTS = '.\u3002\uFF0E\uFF61';
const LINK_LIKE = new RegExp(`://|www[${DOTS}]|[\\p{L}\\p{N}_-][${DOTS}]\\p{L}{2}`, 'iu');

export const LINK_LIKE_TEAM_NAME_MESSAGE = 'Team name cannot look like a web address (no "://", "www." or names such as example.com)';

export function isLinkLikeTeamName(name: string): boolean {
  return LINK_LIKE.test(name);
}
