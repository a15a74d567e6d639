// The strength estimator off the main thread (issue #42's browser bench): the worker module's own
// message handling, wired to the page's client through a stand-in for Worker, and the client's
// fallback to this thread when the worker fails.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offThreadEstimator } from '../../../src/features/auth/offThreadStrength';
import { loadStrengthEstimator } from '../../../src/features/auth/passwordStrength';
import { isStrengthReply, isStrengthRequest } from '../../../src/features/auth/strengthProtocol';

/** The worker's global scope, as strengthWorker.ts sees it: messages in, postMessage out to `reply`. */
const workerScope = new EventTarget() as EventTarget & { postMessage: (message: unknown) => void };
let reply: (message: unknown) => void = () => undefined;
workerScope.postMessage = (message) => {
  reply(message);
};

// The worker module reads `self` whenever it answers: the stand-in stays for the whole file.
beforeAll(async () => {
  vi.stubGlobal('self', workerScope);
  await import('../../../src/features/auth/strengthWorker');
});
afterAll(() => {
  vi.unstubAllGlobals();
});

/** A Worker whose other end is strengthWorker.ts itself (replies are structured-cloned as a real worker's are). */
function bridgedWorker(): Worker {
  const page = new EventTarget() as EventTarget & Worker;
  reply = (message) => {
    setTimeout(() => page.dispatchEvent(new MessageEvent('message', { data: structuredClone(message) })), 0);
  };
  page.postMessage = (message: unknown) => {
    setTimeout(() => workerScope.dispatchEvent(new MessageEvent('message', { data: structuredClone(message) })), 0);
  };
  page.terminate = () => undefined;
  return page;
}

describe('the strength worker', () => {
  it('answers each request with the score and warning the estimator gives here', async () => {
    const estimate = offThreadEstimator(bridgedWorker);
    const here = await loadStrengthEstimator();
    const passwords = ['password', 'Plum-Violin-Quartz-93!', 'ana2024', 'correct horse battery staple'];
    const answers = await Promise.all(passwords.map((password) => estimate(password, ['ana@example.com', 'ana'])));
    expect(answers).toEqual(passwords.map((password) => here(password, ['ana@example.com', 'ana'])));
  });

  it('drops a message of any other shape, on either end', async () => {
    const posted: unknown[] = [];
    reply = (message) => posted.push(message);
    for (const data of [null, 'password', { id: 1, password: 3, userInputs: [] }, { id: 'x', password: 'p', userInputs: [] }, { id: 2, password: 'p', userInputs: [1] }]) {
      workerScope.dispatchEvent(new MessageEvent('message', { data }));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted).toEqual([]);

    // The page: a reply of another shape, or for no request, resolves nothing; the real one does.
    const page = new EventTarget() as EventTarget & Worker;
    page.terminate = () => undefined;
    page.postMessage = (message: unknown) => {
      const { id } = message as { id: number };
      for (const data of [{ id, score: 7, warning: null }, { id, score: 1 }, { id: id + 1, score: 1, warning: null }, { id, score: 3, warning: 'A guess' }]) {
        page.dispatchEvent(new MessageEvent('message', { data }));
      }
    };
    await expect(offThreadEstimator(() => page)('anything', [])).resolves.toEqual({ score: 3, label: 'Good', warning: 'A guess' });
  });

  it('runs the estimates here when the worker fails, those waiting included; and with no workers at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const here = await loadStrengthEstimator();
    let started = 0;
    const failing = () => {
      started += 1;
      const page = new EventTarget() as EventTarget & Worker;
      page.terminate = () => undefined;
      page.postMessage = () => {
        setTimeout(() => page.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { error: new Error('script failed'), message: 'script failed' })), 0);
      };
      return page;
    };
    const estimate = offThreadEstimator(failing);
    const waiting = [estimate('password', []), estimate('Plum-Violin-Quartz-93!', [])];
    expect(await Promise.all(waiting)).toEqual([here('password', []), here('Plum-Violin-Quartz-93!', [])]);
    expect(await estimate('ana2024', ['ana'])).toEqual(here('ana2024', ['ana']));
    expect(started).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await offThreadEstimator(null)('password', [])).toEqual(here('password', []));
    warn.mockRestore();
  });

  it('checks both ends of the protocol', () => {
    expect(isStrengthRequest({ id: 1, password: 'p', userInputs: ['a'] })).toBe(true);
    expect(isStrengthRequest({ id: 1.5, password: 'p', userInputs: [] })).toBe(false);
    expect(isStrengthReply({ id: 1, score: 4, warning: null })).toBe(true);
    expect(isStrengthReply({ id: 1, failed: 'no dictionaries' })).toBe(true);
    expect(isStrengthReply({ id: 1, score: 5, warning: null })).toBe(false);
    expect(isStrengthReply({ id: 1, score: 2, warning: 3 })).toBe(false);
  });
});
