import { describe, expect, it } from 'vitest';
import { composeEmail, escapeHtml } from '../../src/email/compose';
import {
  emailChangeEmail,
  formatEmailDate,
  invitationEmail,
  masterPasswordChangedEmail,
  mfaEnrolledEmail,
  mfaRemovedEmail,
  testEmail,
  verificationEmail,
} from '../../src/email/messages';

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

describe('invitationEmail', () => {
  const SECRET = 'Zm9vYmFyLWJhei1xdXV4LXNlY3JldC0xMjM0NTY3ODk';
  const INVITE_LINK = `http://127.0.0.1:5173/accept-invite?inviteId=abc123#secret=${SECRET}`;
  const EXPIRES = Date.UTC(2026, 10, 28, 14, 5, 30);
  const input = {
    to: 'bo@example.com',
    teamName: 'Night Ops',
    inviterEmail: 'ana@example.com',
    role: 'full' as const,
    link: INVITE_LINK,
    expiresAt: EXPIRES,
  };
  const message = invitationEmail(input);

  it('is addressed to the invitee and names the team, the inviter, the role and the expiry', () => {
    expect(message.to).toBe('bo@example.com');
    expect(message.subject).toBe('Invitation to join "Night Ops" on Keyloft');
    for (const body of [message.text, message.html]) {
      expect(body).toContain('Night Ops');
      expect(body).toContain('ana@example.com');
      expect(body).toContain('Full Access');
      expect(body).toContain('28 November 2026, 14:05 UTC');
      expect(body).toContain('bo@example.com');
    }
  });

  it('puts the whole link, fragment included, in the text and in the HTML, and never in the subject', () => {
    expect(message.text.split('\n')).toContain(INVITE_LINK);
    expect(message.html).toContain(`href="${INVITE_LINK}"`);
    expect(message.subject).not.toContain(SECRET);
    expect(message.subject).not.toContain('accept-invite');
  });

  it('names each role by its label', () => {
    expect(invitationEmail({ ...input, role: 'admin' }).text).toContain('Your role: Admin.');
    expect(invitationEmail({ ...input, role: 'view' }).text).toContain('Your role: View Only.');
  });

  it('reads well without an inviter address', () => {
    const anonymous = invitationEmail({ ...input, inviterEmail: null });
    expect(anonymous.text).toContain('A Keyloft user invited you to join the team "Night Ops"');
  });

  it('escapes the team name and the inviter in the HTML, and keeps the subject on one line', () => {
    const hostile = invitationEmail({
      ...input,
      teamName: '<img src=x onerror=alert(1)>\r\nBcc: eve@example.com',
      inviterEmail: '"<b>"@example.com',
    });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).not.toContain('<b>');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile.html).toContain('&quot;&lt;b&gt;&quot;@example.com');
    expect(hostile.subject).toBe('Invitation to join "<img src=x onerror=alert(1)> Bcc: eve@example.com" on Keyloft');
    expect(hostile.subject).not.toMatch(/[\r\n]/);
  });

  it('shows a link-like team name as quoted text that no mail client can turn into a link', () => {
    const phishing = invitationEmail({ ...input, teamName: 'Security notice: re-verify at https://evil.example/login' });
    expect(phishing.text).toContain('invited you to join the team "Security notice: re-verify at https://evil.example/login" on Keyloft');
    expect(phishing.text).toContain('Join "Security notice: re-verify at https://evil.example/login" on Keyloft');
    // In the HTML body no text node holds the address: every dot, colon and slash stands alone.
    const body = phishing.html.slice(phishing.html.indexOf('<body'));
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('https:/');
    expect(phishing.html).toContain(
      '&quot;Security notice<span>:</span> re-verify at https<span>:</span><span>/</span><span>/</span>evil<span>.</span>example<span>/</span>login&quot;',
    );
    // The only link is the accept button's (and its copy).
    expect([...phishing.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([INVITE_LINK, INVITE_LINK]);
    // No zero-width characters were used to break it.
    expect(phishing.html).not.toMatch(/[\u200B-\u200D\u2060\uFEFF]/);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => invitationEmail({ ...input, link: 'javascript:alert(1)' })).toThrow(/http/);
  });
});

describe('formatEmailDate', () => {
  it('writes the day, month, year and time in UTC', () => {
    expect(formatEmailDate(Date.UTC(2027, 0, 3, 4, 7))).toBe('3 January 2027, 04:07 UTC');
    expect(formatEmailDate(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('31 December 2026, 23:59 UTC');
  });
});

describe('masterPasswordChangedEmail', () => {
  const changedAt = Date.UTC(2026, 10, 28, 14, 5);
  const message = masterPasswordChangedEmail({ to: 'ana@example.com', changedAt });

  it('tells the account its master password changed, and when', () => {
    expect(message.to).toBe('ana@example.com');
    expect(message.subject).toBe('Your Keyloft master password was changed');
    expect(message.text).toContain('ana@example.com');
    expect(message.text).toContain('28 November 2026, 14:05 UTC');
    expect(message.text).toContain('If you did not make this change');
  });

  it('carries no link', () => {
    expect(message.text).not.toMatch(/https?:/);
    expect(message.html).not.toContain('href=');
  });

  it('escapes the address in the HTML', () => {
    const hostile = masterPasswordChangedEmail({ to: '"<b>x</b>"@example.com', changedAt });
    expect(hostile.html).not.toContain('<b>x</b>');
  });
});

describe('mfaEnrolledEmail and mfaRemovedEmail', () => {
  const at = Date.UTC(2026, 10, 28, 14, 5);

  it('tell the account a second factor was added, which kind, when, and what to do if it was not them', () => {
    const phone = mfaEnrolledEmail({ to: 'ana@example.com', method: 'phone', at });
    expect(phone.to).toBe('ana@example.com');
    expect(phone.subject).toBe('A two-factor method was added to your Keyloft account');
    expect(phone.text).toContain('A two-factor method, text message (SMS), was added to the Keyloft account ana@example.com on 28 November 2026, 14:05 UTC.');
    expect(phone.text).toContain("If this wasn't you");
    expect(phone.text).toContain('change your account password');
    expect(phone.text).toContain('Account Settings');
    expect(mfaEnrolledEmail({ to: 'ana@example.com', method: 'totp', at }).text).toContain('authenticator app');
  });

  it('tell the account a second factor was removed', () => {
    const totp = mfaRemovedEmail({ to: 'ana@example.com', method: 'totp', at });
    expect(totp.subject).toBe('A two-factor method was removed from your Keyloft account');
    expect(totp.text).toContain('A two-factor method, authenticator app, was removed from the Keyloft account ana@example.com on 28 November 2026, 14:05 UTC.');
    expect(totp.text).toContain("If this wasn't you");
    expect(mfaRemovedEmail({ to: 'ana@example.com', method: 'phone', at }).text).toContain('text message (SMS)');
  });

  it('carry no link, and escape the address in the HTML', () => {
    for (const build of [mfaEnrolledEmail, mfaRemovedEmail]) {
      const message = build({ to: '"<b>x</b>"@example.com', method: 'phone', at });
      expect(message.text).not.toMatch(/https?:/);
      expect(message.html).not.toContain('href=');
      expect(message.html).not.toContain('<b>x</b>');
    }
  });
});

describe('emailChangeEmail', () => {
  const link = 'https://keyloft.app/verify-email-change?token=T0k3n&newEmail=new%40example.com';
  const message = emailChangeEmail({ to: 'new@example.com', currentEmail: 'old@example.com', link, expiresAt: Date.UTC(2026, 10, 28, 14, 5) });

  it('goes to the new address and names both addresses', () => {
    expect(message.to).toBe('new@example.com');
    expect(message.subject).toBe('Confirm your new email address for Keyloft');
    expect(message.text).toContain('from old@example.com to new@example.com');
  });

  it('carries the link in the body only, and says when it expires', () => {
    expect(message.text.split('\n')).toContain(link);
    expect(message.subject).not.toContain('T0k3n');
    expect(message.text).toContain('expires on 28 November 2026, 14:05 UTC');
  });
});

describe('testEmail', () => {
  it('addresses the caller and carries no link', () => {
    const message = testEmail({ to: 'ana@example.com', sentAt: Date.UTC(2026, 10, 28, 14, 5) });
    expect(message.to).toBe('ana@example.com');
    expect(message.subject).toBe('Keyloft test email');
    expect(message.text).toContain('28 November 2026, 14:05 UTC');
    expect(message.text).not.toMatch(/https?:/);
  });
});
