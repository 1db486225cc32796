import { formatDateTime, formatDay } from '@keyland/core/dates';
import type { GiftState } from '@keyland/core/schemas/gifts';
import { CalendarClock, CircleCheck, Gift, MailCheck, MailX, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityLines } from '#src/components/ui/quantity-lines.tsx';
import { useLocale } from '#src/hooks/use-locale.ts';
import { cn } from '#src/lib/cn.ts';
import { GiftResendDialog } from './gift-resend-dialog.tsx';

/** The later of two days (YYYY-MM-DD), either may be missing. */
const laterDay = (a: string | null | undefined, b: string | null | undefined) =>
  a && b ? (a > b ? a : b) : (a ?? b ?? null);

/** What the gift's badge says and how it looks. */
function useStateLine(gift: GiftState, preorderRelease: string | null, held: boolean) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = (value: string) => formatDay(value, locale) ?? value;
  const instant = (value: string | null) => formatDateTime(value, locale, 'long');
  switch (gift.status) {
    case 'opened':
      return {
        icon: CircleCheck,
        tone: 'done',
        text: t('gifts.state.opened', { date: instant(gift.openedAt) }),
      };
    case 'sent':
      return { icon: MailCheck, tone: 'sent', text: t('gifts.state.sent', { date: instant(gift.sentAt) }) };
    case 'cancelled':
      return { icon: MailX, tone: 'muted', text: t('gifts.state.cancelled') };
    default: {
      if (preorderRelease)
        return {
          icon: CalendarClock,
          tone: 'waiting',
          text: t('gifts.state.scheduledPreorder', {
            date: day(laterDay(gift.deliverOn, preorderRelease) ?? ''),
          }),
        };
      if (gift.deliverOn)
        return {
          icon: CalendarClock,
          tone: 'waiting',
          text: t('gifts.state.scheduled', { date: day(gift.deliverOn) }),
        };
      return {
        icon: Send,
        tone: 'waiting',
        text: held ? t('gifts.state.held') : t('gifts.state.scheduledNow'),
      };
    }
  }
}

const tones: Record<string, string> = {
  done: 'border-brand/40 bg-brand-soft text-brand-strong',
  sent: 'border-line-strong bg-raised text-ink',
  waiting: 'border-line-strong bg-raised text-ink',
  muted: 'border-line bg-surface text-ink-muted',
};

/**
 * A gift in its buyer's history (decision 039): for whom, its state (scheduled for a day, sent, opened),
 * the message and the games, never the keys; before it is opened, a way to correct the recipient.
 */
export function GiftStatus({
  orderId,
  gift,
  preorderRelease = null,
  held = false,
}: {
  orderId: number;
  gift: GiftState;
  /** A pre-ordered game's delivery day: the gift waits for its key. */
  preorderRelease?: string | null;
  /** The order is still being checked or its payment settling: the gift goes after that. */
  held?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const [notice, setNotice] = useState<string | null>(null);
  const line = useStateLine(gift, preorderRelease, held);
  const Icon = line.icon;

  return (
    <section
      data-testid="order-gift"
      data-gift-status={gift.status}
      aria-label={
        gift.recipientName
          ? t('gifts.state.title', { name: gift.recipientName })
          : t('gifts.state.titleUnnamed')
      }
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold text-ink">
            <Gift aria-hidden="true" className="size-4 shrink-0 text-brand" />
            <span className="min-w-0 break-words">
              {gift.recipientName
                ? t('gifts.state.title', { name: gift.recipientName })
                : t('gifts.state.titleUnnamed')}
            </span>
          </p>
          {gift.recipientEmail ? (
            <p className="mt-0.5 pl-6 text-sm break-all text-ink-muted">
              {t('gifts.state.to', { email: gift.recipientEmail })}
            </p>
          ) : null}
        </div>
        <p
          data-testid="gift-state"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium',
            tones[line.tone],
          )}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {line.text}
        </p>
      </div>
      {gift.status === 'sent' && gift.linkExpiresAt ? (
        <p className={cn('text-sm', gift.linkExpired ? 'font-medium text-danger' : 'text-ink-muted')}>
          {gift.linkExpired
            ? t('gifts.state.linkExpired', { date: formatDateTime(gift.linkExpiresAt, locale, 'long') })
            : t('gifts.state.linkUntil', { date: formatDateTime(gift.linkExpiresAt, locale, 'long') })}
        </p>
      ) : null}
      {gift.message ? (
        <figure className="rounded-lg border-l-2 border-brand/60 bg-raised/50 px-3 py-2">
          <figcaption className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t('gifts.state.message')}
          </figcaption>
          <blockquote className="mt-1 text-sm whitespace-pre-line text-ink">{gift.message}</blockquote>
        </figure>
      ) : null}
      <div>
        <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {t('gifts.state.games')}
        </h3>
        <QuantityLines
          lines={gift.games}
          testId="gift-game"
          className="mt-1"
          formatQuantity={(quantity) => t('withdrawal.quantity', { n: quantity })}
        />
      </div>
      {gift.status === 'opened' ? null : (
        <p className="text-sm text-ink-muted">{t('gifts.state.keysNote')}</p>
      )}
      {notice ? (
        <p role="status" className="text-sm font-medium text-brand-strong">
          {notice}
        </p>
      ) : null}
      {gift.resendable ? (
        <div>
          <GiftResendDialog
            orderId={orderId}
            gift={gift}
            onDone={(email, sent) =>
              setNotice(sent ? t('gifts.resend.sent', { email }) : t('gifts.resend.saved', { email }))
            }
          />
        </div>
      ) : null}
    </section>
  );
}
