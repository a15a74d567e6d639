import { describe, expect, it } from 'vitest';
import {
  CHOSEN_FILL_LIFETIME_MS,
  classifySender,
  currentCode,
  decideFill,
  fillAnswer,
  type ChosenFill,
  type ContentSender,
  type SenderFacts,
} from '../../../extension/src/fillGuard';
import { FILL_REQUEST, parseFillRequest } from '../../../extension/src/messages';
import { parseChooseFill, type ChooseFill } from '../../../extension/src/popupMessages';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const NOW = 1_000_000;

const chosen: ChosenFill = {
  tabId: 7,
  frameId: 0,
  documentId: 'DOC-1',
  itemId: 'item-bank',
  urls: [{ url: 'https://bank.test/login', match: 'origin' }],
  username: 'ana',
  password: 'pw-bank',
  otp: null,
  expiresAt: NOW + CHOSEN_FILL_LIFETIME_MS,
};

const topFrame: ContentSender = { kind: 'content-script', tabId: 7, frameId: 0, documentId: 'DOC-1', url: 'https://bank.test/login?next=/' };

describe('the fill request a content script may send', () => {
  it('is accepted exactly as the content script sends it', () => {
    expect(parseFillRequest({ kind: 'keyloft/fill-request', v: 1 })).toEqual(FILL_REQUEST);
    expect(parseFillRequest(JSON.parse(JSON.stringify(FILL_REQUEST)))).toEqual(FILL_REQUEST);
  });

  it('names nothing: a request that adds an item, a URL or a frame is no request at all', () => {
    for (const extra of [{ itemId: 'item-other' }, { url: 'https://bank.test/' }, { frameId: 0 }, { tabId: 7 }, { all: true }]) {
      expect(parseFillRequest({ ...FILL_REQUEST, ...extra }), JSON.stringify(extra)).toBeNull();
    }
  });

  it('refuses every other message a page could make a content script send', () => {
    const others: unknown[] = [
      null,
      undefined,
      'keyloft/fill-request',
      42,
      [],
      [FILL_REQUEST],
      {},
      { kind: 'keyloft/fill-request' },
      { kind: 'keyloft/fill-request', v: 2 },
      { kind: 'keyloft/fill-request', v: '1' },
      { kind: 'keyloft/get-state', v: 1 },
      { kind: 'keyloft/list-items', v: 1 },
      { kind: 'keyloft/export-vault', v: 1 },
      Object.assign(Object.create({ inherited: true }) as object, FILL_REQUEST),
    ];
    for (const message of others) expect(parseFillRequest(message), JSON.stringify(message)).toBeNull();
  });

  it('is not the popup’s choice, and the popup’s choice is not a fill request', () => {
    expect(parseChooseFill(FILL_REQUEST)).toBeNull();
    expect(parseFillRequest(choice)).toBeNull();
  });
});

const choice: ChooseFill = {
  kind: 'keyloft/choose-fill',
  v: 1,
  tabId: 7,
  itemId: 'item-bank',
  urls: [{ url: 'https://bank.test/login', match: 'origin' }],
  username: 'ana',
  password: 'pw-bank',
  otp: null,
};

describe('the popup’s choice of a fill', () => {
  it('is accepted exactly as the popup sends it', () => {
    expect(parseChooseFill(JSON.parse(JSON.stringify(choice)))).toEqual(choice);
    const withCode = { ...choice, otp: 'otpauth://totp/Bank:ana?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' };
    expect(parseChooseFill(withCode)).toEqual(withCode);
  });

  it('is refused with an extra key, a missing one, or a value of the wrong type', () => {
    const { password: _dropped, ...missing } = choice;
    const wrong = [
      { ...choice, frameId: 3 },
      missing,
      { ...choice, tabId: '7' },
      { ...choice, tabId: 1.5 },
      { ...choice, urls: [{ url: 'https://bank.test/', match: 'anywhere' }] },
      { ...choice, urls: [{ url: 'https://bank.test/', match: 'origin', extra: true }] },
      { ...choice, urls: 'https://bank.test/' },
      { ...choice, v: 2 },
      { ...choice, otp: 42 },
      { ...choice, otp: undefined },
    ];
    for (const message of wrong) expect(parseChooseFill(message), JSON.stringify(message)).toBeNull();
  });
});

describe('who sent a message, as Chrome says', () => {
  const popup: SenderFacts = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html`, origin: `chrome-extension://${EXTENSION_ID}` };
  const content: SenderFacts = {
    id: EXTENSION_ID,
    url: 'https://bank.test/login',
    origin: 'https://bank.test',
    tab: { id: 7 },
    frameId: 2,
    documentId: 'DOC-9',
  };

  it('knows the extension’s own pages and its content scripts’ frames', () => {
    expect(classifySender(popup, EXTENSION_ID)).toEqual({ kind: 'extension-page' });
    expect(classifySender(content, EXTENSION_ID)).toEqual({ kind: 'content-script', tabId: 7, frameId: 2, documentId: 'DOC-9', url: 'https://bank.test/login' });
  });

  it('drops another extension’s messages, and any sender Chrome did not fully identify', () => {
    expect(classifySender({ ...popup, id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }, EXTENSION_ID)).toBeNull();
    expect(classifySender({ ...content, id: undefined }, EXTENSION_ID)).toBeNull();
    expect(classifySender({ ...popup, url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/popup.html' }, EXTENSION_ID)).toBeNull();
    expect(classifySender({ id: EXTENSION_ID, url: 'https://bank.test/' }, EXTENSION_ID)).toBeNull();
    for (const missing of ['frameId', 'documentId', 'url'] as const) {
      expect(classifySender({ ...content, [missing]: undefined }, EXTENSION_ID), missing).toBeNull();
    }
    expect(classifySender({ ...content, tab: {} }, EXTENSION_ID)).toBeNull();
  });

  it('knows the popup opened in a tab as an extension page, and no web page as one', () => {
    expect(classifySender({ ...popup, tab: { id: 3 }, frameId: 0, documentId: 'D' }, EXTENSION_ID)).toEqual({ kind: 'extension-page' });
    expect(classifySender({ ...popup, origin: 'https://evil.test' }, EXTENSION_ID)).toBeNull();
    expect(classifySender({ ...content, url: `https://evil.test/chrome-extension://${EXTENSION_ID}/` }, EXTENSION_ID)).toMatchObject({ kind: 'content-script' });
  });
});

describe('what a content script receives', () => {
  it('the item the user chose, in the frame and document it was chosen for', () => {
    expect(decideFill(chosen, topFrame, NOW)).toEqual({ kind: 'fill', itemId: 'item-bank', username: 'ana', password: 'pw-bank', otp: null });
    expect(fillAnswer(decideFill(chosen, topFrame, NOW))).toEqual({ kind: 'keyloft/fill', itemId: 'item-bank', username: 'ana', password: 'pw-bank', otp: null });
  });

  it('nothing where the user chose nothing', () => {
    expect(decideFill(undefined, topFrame, NOW)).toEqual({ kind: 'refused', reason: 'not-chosen' });
  });

  it('nothing in another tab, another frame of the tab, or the frame’s next document', () => {
    expect(decideFill(chosen, { ...topFrame, tabId: 8 }, NOW)).toEqual({ kind: 'refused', reason: 'wrong-frame' });
    expect(decideFill(chosen, { ...topFrame, frameId: 3 }, NOW)).toEqual({ kind: 'refused', reason: 'wrong-frame' });
    expect(decideFill(chosen, { ...topFrame, documentId: 'DOC-2' }, NOW)).toEqual({ kind: 'refused', reason: 'wrong-frame' });
  });

  it('nothing once the choice has lapsed', () => {
    expect(decideFill(chosen, topFrame, chosen.expiresAt)).toEqual({ kind: 'fill', itemId: 'item-bank', username: 'ana', password: 'pw-bank', otp: null });
    expect(decideFill(chosen, topFrame, chosen.expiresAt + 1)).toEqual({ kind: 'refused', reason: 'expired' });
  });

  it('nothing where the frame’s URL does not match the item at the moment of filling', () => {
    const wrongPages = [
      'http://bank.test/login', // the http version of an https item
      'https://login.bank.test/', // a sub-domain, under the default exact-origin rule
      'https://bank.test.evil.test/login', // a look-alike
      'https://bank.test:8443/login', // another port
      'https://evil.test/', // a cross-origin frame on the matching page
      'data:text/html,<form>',
      'about:blank',
      'not a url',
    ];
    for (const url of wrongPages) {
      expect(decideFill(chosen, { ...topFrame, url }, NOW), url).toEqual({ kind: 'refused', reason: 'wrong-origin' });
    }
  });

  it('follows the item’s own match rule: a same-site item fills a sub-domain page', () => {
    const siteWide: ChosenFill = { ...chosen, urls: [{ url: 'https://bank.test/', match: 'site' }] };
    expect(decideFill(siteWide, { ...topFrame, url: 'https://login.bank.test/' }, NOW)).toEqual({ kind: 'fill', itemId: 'item-bank', username: 'ana', password: 'pw-bank', otp: null });
    expect(decideFill({ ...chosen, urls: [{ url: 'https://bank.test/', match: 'never' }] }, topFrame, NOW)).toEqual({
      kind: 'refused',
      reason: 'wrong-origin',
    });
  });

  it('the item’s current one-time code, computed by the worker, never its secret', () => {
    // RFC 6238's SHA1 test key ("12345678901234567890" in base32): at 59 s its 8-digit code is 94287082.
    const link = 'otpauth://totp/Bank:ana?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8&period=30&algorithm=SHA1&issuer=Bank';
    const decision = decideFill({ ...chosen, otp: link, expiresAt: 59_000 + 1 }, topFrame, 59_000);
    expect(decision).toEqual({ kind: 'fill', itemId: 'item-bank', username: 'ana', password: 'pw-bank', otp: '94287082' });
    expect(JSON.stringify(fillAnswer(decision))).not.toContain('GEZDGNBV');
    expect(currentCode('not a link', NOW)).toBeNull();
    expect(currentCode(null, NOW)).toBeNull();
  });

  it('tells a refused content script nothing, not even why', () => {
    for (const reason of ['not-chosen', 'wrong-frame', 'expired', 'wrong-origin'] as const) {
      expect(fillAnswer({ kind: 'refused', reason })).toEqual({ kind: 'keyloft/no-fill' });
    }
  });
});
