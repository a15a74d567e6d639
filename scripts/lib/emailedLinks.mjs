// The Auth emulator "sends" its emails by logging a link to its own action page. A developer
// should land on the app's pages instead, as users of a deployed app do, so `npm start` reads
// the emulator's out-of-band codes and prints each as a link to /reset-password or /verify-email.

const APP_PAGES = {
  PASSWORD_RESET: { path: '/reset-password', mode: 'resetPassword' },
  VERIFY_EMAIL: { path: '/verify-email', mode: 'verifyEmail' },
};

/** The app's page for one emulator out-of-band code, or the emulator's own link for kinds the app has no page for. */
export function appLinkFor(appUrl, code) {
  const page = APP_PAGES[code.requestType];
  if (!page) return code.oobLink;
  const query = new URLSearchParams({ mode: page.mode, oobCode: code.oobCode });
  return `${appUrl.replace(/\/$/, '')}${page.path}?${query.toString()}`;
}

/** One printable line for a code. */
export function describeEmailedLink(appUrl, code) {
  const what = { PASSWORD_RESET: 'password reset', VERIFY_EMAIL: 'email verification' }[code.requestType] ?? code.requestType;
  return `Email link (${what}) for ${code.email}: ${appLinkFor(appUrl, code)}`;
}

/** The codes the Auth emulator holds now; [] while it is not up yet. */
export async function fetchOobCodes(authOrigin, projectId) {
  try {
    const response = await fetch(`${authOrigin}/emulator/v1/projects/${projectId}/oobCodes`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return [];
    const body = await response.json();
    return Array.isArray(body.oobCodes) ? body.oobCodes : [];
  } catch {
    return [];
  }
}

/** Polls the Auth emulator once a second and prints every new code as an app link. */
export function relayEmailedLinks({
  appUrl,
  print,
  authOrigin = 'http://127.0.0.1:9099',
  projectId = 'demo-keyloft',
  intervalMs = 1_000,
}) {
  const seen = new Set();
  const timer = setInterval(async () => {
    for (const code of await fetchOobCodes(authOrigin, projectId)) {
      if (seen.has(code.oobCode)) continue;
      seen.add(code.oobCode);
      print(describeEmailedLink(appUrl, code));
    }
  }, intervalMs);
  return { stop: () => clearInterval(timer) };
}
