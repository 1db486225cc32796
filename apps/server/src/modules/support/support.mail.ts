import type { Locale } from '@keyland/core/locales';
import { translate } from '../../lib/i18n.ts';
import { type RenderedMail, renderMail } from '../mail/index.ts';

/** The acknowledgement a sender gets: the ticket number and when to expect an answer. */
export function ticketReceivedMail(
  locale: Locale,
  values: { number: string; name: string; subject: string },
): RenderedMail {
  const t = (key: string) => translate(locale, `support.mail.${key}`, values);
  return renderMail(locale, {
    subject: t('receivedSubject'),
    heading: t('heading'),
    paragraphs: [t('receivedBody'), t('replyTimes')],
  });
}

/** An answer from the shop, with the ticket's number so the customer can refer to it. */
export function ticketReplyMail(
  locale: Locale,
  values: { number: string; name: string; subject: string; message: string },
): RenderedMail {
  const t = (key: string) => translate(locale, `support.mail.${key}`, values);
  return renderMail(locale, {
    subject: t('replySubject'),
    heading: t('heading'),
    paragraphs: [...values.message.split(/\n{2,}/), t('replyFooter')],
  });
}

/** The message as it reaches the shop's support address (in English: the shop's working language). */
export function ticketForwardMail(values: {
  number: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  orderId: number | null;
  adminUrl: string;
}): RenderedMail {
  return renderMail('en', {
    subject: `[${values.number}] ${values.subject}`,
    heading: `${values.name} <${values.email}>`,
    paragraphs: [
      ...(values.orderId === null ? [] : [`Order #${values.orderId}`]),
      ...values.message.split(/\n{2,}/),
    ],
    action: { label: 'Answer in the back office', url: values.adminUrl },
  });
}
