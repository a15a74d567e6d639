import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from '../../../src/features/vault/list/safeUrl';

describe('safeHttpUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/login?next=/a#b', 'http://example.com/login?next=/a#b'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['  https://example.com/  ', 'https://example.com/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['http://localhost:3000', 'http://localhost:3000/'],
    ['https://bücher.example', 'https://xn--bcher-kva.example/'],
  ])('links %j as %j', (url, href) => {
    expect(safeHttpUrl(url)).toBe(href);
  });

  it.each([
    ['example.com', 'https://example.com/'],
    ['www.example.com/login', 'https://www.example.com/login'],
    ['accounts.example.co.uk:8080/sign-in?x=1', 'https://accounts.example.co.uk:8080/sign-in?x=1'],
  ])('links the bare host %j over https as %j', (url, href) => {
    expect(safeHttpUrl(url)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u00a0javascript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'blob:https://example.com/uuid',
    '//evil.example/path',
    '/relative/path',
    '../up',
    '?q=1',
    '#fragment',
    'not a url',
    'localhost:3000',
    'example',
    'http://',
    'https:',
    '',
    '   ',
  ])('does not link %j', (url) => {
    expect(safeHttpUrl(url)).toBeNull();
  });

  it('does not link a missing url', () => {
    expect(safeHttpUrl(null)).toBeNull();
  });
});
