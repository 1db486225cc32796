import { isImageCode } from '@keyland/core/image-code';
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
 * A simple branded e-mail: a heading, paragraphs, an optional button, an optional small print with a
 * link (an alert's unsubscribe link), a closing line. Every text comes from the translation files in the
 * customer's language; values are escaped.
 */
export function renderMail(
  locale: Locale,
  parts: {
    subject: string;
    heading: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    footnote?: { text: string; link: { label: string; url: string } };
  },
): RenderedMail {
  const footer = translate(locale, 'mail.footer');
  const { footnote } = parts;
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
${footnote ? `<p style="font-size:12px;color:#666;margin-top:32px">${escapeHtml(footnote.text)} <a href="${escapeHtml(footnote.link.url)}" style="color:#666">${escapeHtml(footnote.link.label)}</a></p>` : ''}
<p style="font-size:12px;color:#666;margin-top:32px">${escapeHtml(footer)}</p>
</div></body></html>`;
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs,
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.url}`] : []),
    ...(footnote ? ['', `${footnote.text} ${footnote.link.label}: ${footnote.link.url}`] : []),
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

export interface OrderMailLine {
  title: string;
  platform: string;
  quantity: number;
  unitPrice: string;
  total: string;
  codes: string[];
}

/**
 * The order confirmation on a durable medium (Directive 2011/83 art. 8(7)): order number, items, prices,
 * VAT, the keys with redemption notes, and the customer's recorded consent to immediate delivery.
 */
export function orderKeysMail(
  locale: Locale,
  order: {
    id: number;
    name: string;
    lines: OrderMailLine[];
    untaxed: string;
    tax: string;
    total: string;
    taxPercent: string;
    consentText: string;
    consentAt: string;
    historyUrl: string;
  },
): RenderedMail {
  const t = (key: string, values: Record<string, string | number> = {}) => translate(locale, key, values);
  const subject = t('mail.order.subject', { id: order.id });
  const heading = t('mail.order.heading', { name: order.name });
  // A code delivered as a picture is never pasted into the mail: the line points to the purchase history.
  const codeHtml = (code: string) =>
    isImageCode(code)
      ? `<div style="font-size:14px;background:#f4f4f5;padding:6px 8px;border-radius:6px;margin-top:6px">${escapeHtml(t('mail.order.imageCode'))} <a href="${escapeHtml(order.historyUrl)}">${escapeHtml(t('mail.order.history'))}</a></div>`
      : `<div style="font-family:ui-monospace,Menlo,monospace;font-size:15px;background:#f4f4f5;padding:6px 8px;border-radius:6px;margin-top:6px">${escapeHtml(code)}</div>`;
  const codeText = (code: string) =>
    isImageCode(code) ? `  ${t('mail.order.imageCode')} ${order.historyUrl}` : `  ${code}`;
  const lineHtml = order.lines
    .map(
      (
        line,
      ) => `<tr><td style="padding:8px 0;border-bottom:1px solid #eee"><strong>${escapeHtml(line.title)}</strong><br>
<span style="color:#555;font-size:13px">${escapeHtml(line.platform)} · ${line.quantity} × ${escapeHtml(line.unitPrice)}</span>
${line.codes.map(codeHtml).join('')}</td>
<td style="padding:8px 0;border-bottom:1px solid #eee;text-align:right;vertical-align:top">${escapeHtml(line.total)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f4f4f5;margin:0;padding:24px;color:#111">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:800;font-size:20px;color:#16a34a;margin:0 0 16px">Keyland</p>
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(heading)}</h1>
<p>${escapeHtml(t('mail.order.intro', { id: order.id }))}</p>
<p style="color:#555;font-size:13px;margin:16px 0 4px">${escapeHtml(t('mail.order.games', { count: order.lines.length }))}</p>
<table style="width:100%;border-collapse:collapse">${lineHtml}
<tr><td style="padding:6px 0">${escapeHtml(t('mail.order.untaxed'))}</td><td style="text-align:right">${escapeHtml(order.untaxed)}</td></tr>
<tr><td style="padding:6px 0">${escapeHtml(t('mail.order.vat', { percent: order.taxPercent }))}</td><td style="text-align:right">${escapeHtml(order.tax)}</td></tr>
<tr><td style="padding:6px 0"><strong>${escapeHtml(t('mail.order.total'))}</strong></td><td style="text-align:right"><strong>${escapeHtml(order.total)}</strong></td></tr>
</table>
<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t('mail.order.redeemTitle'))}</h2>
<p style="line-height:1.5">${escapeHtml(t('mail.order.redeem'))}</p>
<p><a href="${escapeHtml(order.historyUrl)}">${escapeHtml(t('mail.order.history'))}</a></p>
<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t('mail.order.consentTitle'))}</h2>
<p style="font-size:13px;color:#333;line-height:1.5">“${escapeHtml(order.consentText)}”<br>${escapeHtml(t('mail.order.consentAt', { at: order.consentAt }))}</p>
<p style="font-size:12px;color:#666;margin-top:32px">${escapeHtml(t('mail.footer'))}</p>
</div></body></html>`;
  const text = [
    heading,
    '',
    t('mail.order.intro', { id: order.id }),
    '',
    t('mail.order.games', { count: order.lines.length }),
    ...order.lines.flatMap((line) => [
      `${line.title} (${line.platform}) ${line.quantity} × ${line.unitPrice} = ${line.total}`,
      ...line.codes.map(codeText),
    ]),
    '',
    `${t('mail.order.untaxed')}: ${order.untaxed}`,
    `${t('mail.order.vat', { percent: order.taxPercent })}: ${order.tax}`,
    `${t('mail.order.total')}: ${order.total}`,
    '',
    t('mail.order.redeemTitle'),
    t('mail.order.redeem'),
    `${t('mail.order.history')}: ${order.historyUrl}`,
    '',
    t('mail.order.consentTitle'),
    `"${order.consentText}"`,
    t('mail.order.consentAt', { at: order.consentAt }),
    '',
    '-- ',
    t('mail.footer'),
  ].join('\n');
  return { subject, html, text };
}
