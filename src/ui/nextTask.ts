// Long work split into slices gives the page a turn between them: the promise resolves in a task of
// its own, after the rendering, input and other tasks already queued (issue #18's browser bench
// counts the longest main-thread task of a load). A MessageChannel message rather than
// setTimeout(0), which browsers clamp to 4 ms once timeouts nest.

/** Resolves in a later task of the event loop, never within the current one. */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') {
    return new Promise((resolve) => {
      setTimeout(resolve, 0);
    });
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
