// Documents the Firestore server sends a page on its listen stream, counted from the stream
// itself (Chromium's DevTools protocol, streamed response bodies): each `documentChange` is one
// document read the way Firestore bills a listener's reads (issue #22's reads per unlock), plus
// the count queries the page ran (`runAggregationQuery`, one read per thousand documents counted).
import type { CDPSession, Page } from 'playwright-core';

export interface ListenDocuments {
  /** Documents sent on the listen stream, and count queries run, since the last reset. */
  readonly read: () => { documents: number; counts: number };
  readonly reset: () => void;
  readonly stop: () => Promise<void>;
}

const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
const COUNT = ':runAggregationQuery';

function documentChanges(base64: string): number {
  return (Buffer.from(base64, 'base64').toString('utf8').match(/"documentChange"/g) ?? []).length;
}

export async function countListenDocuments(page: Page): Promise<ListenDocuments> {
  const client: CDPSession = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  let documents = 0;
  let counts = 0;
  const streams = new Set<string>();
  client.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.includes(COUNT)) counts += 1;
  });
  client.on('Network.responseReceived', (event) => {
    if (!event.response.url.includes(LISTEN)) return;
    streams.add(event.requestId);
    // What arrived before streaming was turned on comes back buffered; the rest in dataReceived.
    client
      .send('Network.streamResourceContent', { requestId: event.requestId })
      .then(({ bufferedData }) => {
        documents += documentChanges(bufferedData);
      })
      .catch(() => undefined);
  });
  client.on('Network.dataReceived', (event) => {
    if (streams.has(event.requestId) && event.data !== undefined) documents += documentChanges(event.data);
  });
  return {
    read: () => ({ documents, counts }),
    reset: () => {
      documents = 0;
      counts = 0;
    },
    stop: () => client.detach(),
  };
}
