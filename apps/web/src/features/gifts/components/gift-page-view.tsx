import { formatDateTime } from '@keyland/core/dates';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Gift, KeyRound, PackageOpen, TimerOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveredKeyItems, RedemptionHelpList } from '#src/components/delivered-keys.tsx';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { PlatformIcon } from '#src/components/ui/platform-icon.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useLocale } from '#src/hooks/use-locale.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { type GiftOpened, type GiftView, giftViewKey, useGiftView, useOpenGift } from '../api/gift-page.ts';

/** The link does not (or no longer) open a gift: why, in words, and the way to the store. */
function LinkProblem({ error }: { error: unknown }): ReactNode {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.error : undefined;
  const [icon, title, body] =
    code === 'GIFT_LINK_EXPIRED'
      ? [TimerOff, t('gifts.page.expiredTitle'), t('gifts.page.expiredBody')]
      : code === 'GIFT_LINK_INVALID' || code === 'VALIDATION_FAILED' || error === undefined
        ? [CircleAlert, t('gifts.page.invalidTitle'), t('gifts.page.invalidBody')]
        : [CircleAlert, t('gifts.page.failedTitle'), getErrorMessage(error)];
  return (
    <EmptyState icon={icon} tone="danger" headingLevel={1} title={title} body={body}>
      <BackToStoreLink variant="secondary" />
    </EmptyState>
  );
}

/** The revealed keys, shown once: each with copy, and how to redeem it. */
function RevealedKeys({ opened }: { opened: GiftOpened }): ReactNode {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section data-testid="gift-keys" aria-labelledby="gift-keys-title" className="flex flex-col gap-4">
      <h2
        id="gift-keys-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-semibold text-ink outline-none"
      >
        <KeyRound aria-hidden="true" className="size-5 text-brand" />
        {t('gifts.page.revealedTitle', { count: opened.keys.length })}
      </h2>
      <p className="text-sm font-medium text-ink">{t('gifts.page.keep')}</p>
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface px-4 sm:px-5">
        <DeliveredKeyItems keys={opened.keys} testId="gift-key" />
      </ul>
      <RedemptionHelpList keys={opened.keys} />
    </section>
  );
}

/** The gift before its keys are revealed: from whom, the message, the games, and "Reveal key". */
function UnopenedGift({ gift, token }: { gift: GiftView; token: string }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const open = useOpenGift(token);
  const keys = gift.games.reduce((sum, game) => sum + game.quantity, 0);

  if (open.isSuccess) return <RevealedKeys opened={open.data} />;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="gift-games" className="flex flex-col gap-3">
        <h2 id="gift-games" className="text-base font-semibold text-ink">
          {gift.from ? t('gifts.page.from', { name: gift.from }) : t('gifts.page.fromUnknown')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {gift.games.map((game) => (
            <li
              key={`${game.title}-${game.platform}`}
              data-testid="gift-game-card"
              className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3"
            >
              <img
                src={game.cover}
                alt={t('gifts.page.cover', { title: game.title })}
                width={64}
                height={86}
                loading="lazy"
                className="h-[86px] w-16 shrink-0 rounded-lg bg-raised object-cover"
              />
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">
                  {game.quantity > 1 ? `${t('gifts.page.quantity', { count: game.quantity })} ` : ''}
                  {game.title}
                </p>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
                  <PlatformIcon platform={game.platform} className="size-4 shrink-0" />
                  {game.platform}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {gift.message ? (
        <figure className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
          <figcaption className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t('gifts.page.message')}
          </figcaption>
          <blockquote className="mt-2 text-base leading-relaxed whitespace-pre-line text-ink">
            {gift.message}
          </blockquote>
        </figure>
      ) : null}
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-brand/30 bg-brand-soft/40 p-4 sm:p-5">
        <p className="text-sm text-ink">{t('gifts.page.onceNote')}</p>
        {open.isError ? <InlineError error={open.error} /> : null}
        <BusyButton
          data-testid="gift-reveal"
          className="w-full text-base sm:w-auto"
          busy={open.isPending}
          busyLabel={t('gifts.page.revealing')}
          icon={KeyRound}
          onClick={() =>
            open.mutate(undefined, {
              // Opened meanwhile (another tab, another device): the page says so.
              onError: (error) => {
                if (error instanceof ApiError && error.error === 'GIFT_ALREADY_OPENED')
                  void queryClient.invalidateQueries({ queryKey: giftViewKey(token) });
              },
            })
          }
        >
          {t('gifts.page.reveal', { count: keys })}
        </BusyButton>
        {gift.linkExpiresAt ? (
          <p className="text-xs text-ink-muted">
            {t('gifts.page.validUntil', { date: formatDateTime(gift.linkExpiresAt, locale, 'long') })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /gift/<token>: the page a gift's recipient opens from their e-mail, without an account. It shows the
 * gift and reveals its keys once; a second visit says when it was opened; an unknown, replaced or expired
 * link says so.
 */
export function GiftPageView({ token }: { token: string }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const view = useGiftView(token);

  if (token === '') return <LinkProblem error={undefined} />;
  if (view.isPending)
    return (
      <div className="grid min-h-[50vh] place-items-center px-4">
        <h1 className="sr-only">{t('gifts.page.title')}</h1>
        <Spinner label={t('gifts.page.loading')} />
      </div>
    );
  if (view.isError) return <LinkProblem error={view.error} />;
  if (view.data.status === 'opened')
    return (
      <EmptyState
        icon={PackageOpen}
        headingLevel={1}
        title={t('gifts.page.openedTitle')}
        body={t('gifts.page.openedBody', { date: formatDateTime(view.data.openedAt, locale, 'long') })}
      >
        <BackToStoreLink variant="secondary" />
      </EmptyState>
    );
  return (
    <div data-testid="gift-page" className="mx-auto w-full max-w-2xl px-4 py-8 pb-28 sm:px-6 sm:py-12">
      <header className="mb-6 flex flex-col items-center gap-3 text-center">
        <span className="grid size-16 place-items-center rounded-2xl border border-brand/30 bg-brand-soft text-brand">
          <Gift aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">
          {t('gifts.page.title')}
        </h1>
        {view.data.recipientName ? (
          <p className="text-ink-muted">{t('gifts.page.hello', { name: view.data.recipientName })}</p>
        ) : null}
      </header>
      <UnopenedGift gift={view.data} token={token} />
    </div>
  );
}
