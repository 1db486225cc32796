import type { Locale } from '@keyland/core/locales';
import { translate } from '../../lib/i18n.ts';
import { type RenderedMail, renderMail } from '../mail/index.ts';

export type ClaimMailKind = 'received' | 'replaced' | 'refunded' | 'rejected';

/**
 * What the customer is told about their key claim: received (a person looks at it within the stated
 * hours), replaced (with the new key), refunded (with the amount and credit note) or rejected (with why).
 */
export function claimMail(
  locale: Locale,
  kind: ClaimMailKind,
  values: {
    claimId: number;
    orderId: number;
    name: string;
    title: string;
    hours: number;
    code?: string;
    amount?: string;
    creditNote?: string | null;
    reason?: string;
    historyUrl: string;
  },
): RenderedMail {
  const t = (key: string) =>
    translate(locale, `claims.mail.${key}`, {
      id: values.claimId,
      order: values.orderId,
      title: values.title,
      hours: values.hours,
      code: values.code ?? '',
      amount: values.amount ?? '',
      number: values.creditNote ?? '',
      reason: values.reason ?? '',
    });
  const paragraphs: Record<ClaimMailKind, string[]> = {
    received: [t('receivedBody')],
    replaced: [t('replacedBody'), t('replacedCode')],
    refunded: [t('refundedBody'), ...(values.creditNote ? [t('creditNote')] : [])],
    rejected: [t('rejectedBody'), t('rejectedReason'), t('rejectedHelp')],
  };
  return renderMail(locale, {
    subject: t(`${kind}Subject`),
    heading: translate(locale, 'claims.mail.heading', { name: values.name }),
    paragraphs: paragraphs[kind],
    action: { label: t('history'), url: values.historyUrl },
  });
}
