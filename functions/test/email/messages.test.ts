import { describe, expect, it } from 'vitest';
import { composeEmail, escapeHtml } from '../../src/email/compose';
import { verificationEmail } from '../../src/email/messages';

const LINK = 'http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=abc%2B123';

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('Keyloft — ünïcode 123')).toBe('Keyloft — ünïcode 123');
  });
});

describe('verificationEmail', () => {
  const message = verificationEmail({ to: 'ana@example.com', link: LINK });

  it('addresses the account and names the product', () => {
    expect(message.to).toBe('ana@example.com');
    expect(message.subject).toBe('Verify your email address for Keyloft');
    expect(message.text).toContain('ana@example.com');
    expect(message.html).toContain('Keyloft');
  });

  it('puts the link as-is in the text and escaped in the HTML', () => {
    expect(message.text.split('\n')).toContain(LINK);
    const escaped = LINK.replace(/&/g, '&amp;');
    expect(message.html).toContain(`href="${escaped}"`);
    expect(message.html).not.toContain(LINK);
  });

  it('escapes the address wherever it appears in the HTML', () => {
    const hostile = verificationEmail({ to: '"<script>alert(1)</script>"@example.com', link: LINK });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;@example.com');
    expect(hostile.text).toContain('"<script>alert(1)</script>"@example.com');
  });
});

describe('composeEmail', () => {
  it('refuses a link that is not http(s)', () => {
    const content = { to: 'a@b.c', subject: 's', heading: 'h', paragraphs: [] };
    expect(() => composeEmail({ ...content, action: { label: 'Go', url: 'javascript:alert(1)' } })).toThrow(/http/);
    expect(() => composeEmail({ ...content, action: { label: 'Go', url: '/relative' } })).toThrow(/absolute/);
  });

  it('builds a message without an action', () => {
    const message = composeEmail({ to: 'a@b.c', subject: 'S & T', heading: 'Hello', paragraphs: ['One', 'Two'] });
    expect(message.text).toBe('Hello\n\nOne\n\nTwo\n\n— The Keyloft team');
    expect(message.html).toContain('<title>S &amp; T</title>');
    expect(message.html).not.toContain('<a ');
  });
});
