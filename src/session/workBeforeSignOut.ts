// Writes this page started for the signed-in user that must reach the server under their token. A
// logout waits for them (a few seconds at most) before it signs out: signed out, Firestore sends
// what is still under way without the token, the rules refuse it, and the browser logs the refusal
// (the public key's publish at a dashboard opened a moment before a logout did).

const pending = new Set<Promise<unknown>>();

/** `work`, which a logout now waits for before signing out. */
export function finishBeforeSignOut<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const done = () => {
    pending.delete(work);
  };
  work.then(done, done);
  return work;
}

/** Resolves once every such write has settled, or after `limitMs` (a server that does not answer does not hold a logout). */
export async function settleBeforeSignOut(limitMs = 3_000): Promise<void> {
  if (pending.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...pending]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, limitMs);
    }),
  ]);
  clearTimeout(timer);
}
