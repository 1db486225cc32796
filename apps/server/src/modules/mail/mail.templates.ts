import type { Locale } from '@keyland/core/locales';
import { translate } from '../../lib/i18n.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * A simple branded e-mail: a heading, paragraphs, an optional button, a closing line. Every text comes
 * from the translation files in the customer's language; values are escaped.
 */
export function renderMail(
  locale: Locale,
  parts: { subject: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } },
): RenderedMail {
  const footer = translate(locale, 'mail.footer');
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#22c55e;color:#052e16;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${escapeHtml(parts.action.label)}</a></p><p style="font-size:13px;color:#555">${escapeHtml(parts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f4f4f5;margin:0;padding:24px;color:#111">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:800;font-size:20px;color:#16a34a;margin:0 0 16px">Keyland</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#666;margin-top:32px">${escapeHtml(footer)}</p>
</div></body></html>`;
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs,
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.url}`] : []),
    '',
    '-- ',
    footer,
  ].join('\n');
  return { subject: parts.subject, html, text };
}

export function passwordResetMail(locale: Locale, name: string, url: string): RenderedMail {
  return renderMail(locale, {
    subject: translate(locale, 'mail.reset.subject'),
    heading: translate(locale, 'mail.reset.heading', { name }),
    paragraphs: [translate(locale, 'mail.reset.body'), translate(locale, 'mail.reset.ignore')],
    action: { label: translate(locale, 'mail.reset.action'), url },
  });
}

export function verifyEmailMail(locale: Locale, name: string, url: string): RenderedMail {
  return renderMail(locale, {
    subject: translate(locale, 'mail.verify.subject'),
    heading: translate(locale, 'mail.verify.heading', { name }),
    paragraphs: [translate(locale, 'mail.verify.body')],
    action: { label: translate(locale, 'mail.verify.action'), url },
  });
}
