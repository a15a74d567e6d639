import type { EmailMessage } from './types';

// Every Keyloft email has the same shape: a heading, a few paragraphs, at most one button-like
// link, and a closing line. Builders in messages.ts describe only their words; this module turns
// them into text and HTML, escaping everything that goes into the HTML.

export const PRODUCT_NAME = 'Keyloft';

/** Text a user chose (a team name): shown between double quotes as a literal, never as a link. */
export interface Quoted {
  readonly quoted: string;
}

/** A heading or paragraph: plain words, or words with quoted user text among them. */
export type EmailText = string | readonly (string | Quoted)[];

export interface EmailContent {
  readonly to: string;
  readonly subject: string;
  readonly heading: EmailText;
  readonly paragraphs: readonly EmailText[];
  readonly action?: { readonly label: string; readonly url: string };
  /** Paragraphs after the action, e.g. "ignore this email if it wasn't you". */
  readonly after?: readonly EmailText[];
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

// Mail clients turn anything that looks like an address ("evil.example/login") into a link. In
// the HTML, each dot, colon, slash and at sign of quoted user text becomes its own <span>, so no
// text node holds a whole address and nothing is linked, while the reader still sees the name as
// it is (no zero-width characters, which would themselves be a spoofing tool). The plain-text part
// cannot be marked up: there the quotes say it is a name, and names that look like links are
// refused where they are made (src/domain/teamName.ts).
const LINK_PUNCTUATION = /[.:/@\u3002\uFF0E\uFF61]/g;

function quotedHtml(value: string): string {
  return `&quot;${escapeHtml(value).replace(LINK_PUNCTUATION, (char) => `<span>${char}</span>`)}&quot;`;
}

function asText(value: EmailText): string {
  return typeof value === 'string' ? value : value.map((part) => (typeof part === 'string' ? part : `"${part.quoted}"`)).join('');
}

function asHtml(value: EmailText): string {
  return typeof value === 'string' ? escapeHtml(value) : value.map((part) => (typeof part === 'string' ? escapeHtml(part) : quotedHtml(part.quoted))).join('');
}

/** Only absolute http(s) links go into an email; anything else is a bug upstream. */
function requireWebUrl(url: string): string {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('An email link must be an absolute URL.');
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('An email link must use http or https.');
  return url;
}

const SIGNATURE = `The ${PRODUCT_NAME} team`;

export function composeEmail(content: EmailContent): EmailMessage {
  const after = content.after ?? [];
  const action = content.action && { label: content.action.label, url: requireWebUrl(content.action.url) };

  const text = [
    asText(content.heading),
    ...content.paragraphs.map(asText),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after.map(asText),
    `— ${SIGNATURE}`,
  ].join('\n\n');

  const paragraph = (value: EmailText) => `<p style="margin:0 0 16px">${asHtml(value)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      paragraph('If the button does not work, copy this link into your browser:') +
      `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5;margin:0;padding:24px">',
    '<div style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:20px;margin:0 0 16px">${asHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    button,
    ...after.map(paragraph),
    `<p style="margin:24px 0 0;color:#6b7280">— ${escapeHtml(SIGNATURE)}</p>`,
    '</div></body></html>',
  ].join('\n');

  return { to: content.to, subject: content.subject, text, html };
}
