// Links in emails start at the app's public URL (the APP_URL param, docs/email.md) without its
// trailing slashes, so that every path joins with exactly one.
export function appBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
