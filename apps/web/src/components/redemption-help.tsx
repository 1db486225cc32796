import { KEY_LENGTHS, type PlatformGroup, platformGroupOf } from '@keyland/core/platforms';
import { ChevronDown, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contactFormHref } from '#src/config/paths.ts';
import { cn } from '#src/lib/cn.ts';

export interface RedemptionHelpProps {
  /** The platform text of the game ('Steam', 'PS5', 'Xbox Series X|S', …), matched loosely to a group. */
  platform: string;
  /** The game's title, shown in the summary when several games are listed (the history page). */
  title?: string;
  /** The order number, quoted in the 'contact support' note when known. */
  orderNumber?: string;
  defaultOpen?: boolean;
  className?: string;
}

/** Numbered steps of each platform group (spec "Redemption help"). */
export function redemptionSteps(group: PlatformGroup, t: ReturnType<typeof useTranslation>['t']): string[] {
  // Called through a plain signature: the typed overloads of `t` with returnObjects over the whole
  // resource tree exceed TypeScript's instantiation depth (TS2589) once the texts grow.
  const translate = t as unknown as (key: string, options: Record<string, unknown>) => unknown;
  const steps = translate(`redeem.steps.${group}`, { returnObjects: true, length: KEY_LENGTHS[group] ?? 0 });
  return Array.isArray(steps) ? steps.map(String) : [];
}

/**
 * A collapsible "how to redeem" section for one game: numbered steps for its platform group, the code
 * length where the platform fixes one, and the spec's general notes. A native <details>, so it opens with
 * the keyboard and is announced as expandable without any script.
 */
export function RedemptionHelp({
  platform,
  title,
  orderNumber,
  defaultOpen = false,
  className,
}: RedemptionHelpProps): ReactNode {
  const { t } = useTranslation();
  const group = platformGroupOf(platform);
  const groupName = t(`redeem.groups.${group}`);
  const steps = redemptionSteps(group, t);
  const keyLength = KEY_LENGTHS[group];

  return (
    <details
      open={defaultOpen}
      data-testid="redemption-help"
      data-platform-group={group}
      className={cn('group rounded-xl border border-line bg-surface open:border-line-strong', className)}
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 text-left [&::-webkit-details-marker]:hidden">
        <KeyRound aria-hidden="true" className="size-5 shrink-0 text-brand" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-ink">
            {title ? t('redeem.titleFor', { title }) : t('redeem.title')}
          </span>
          <span className="block text-sm text-ink-muted">
            {t('redeem.platformLine', { platform: groupName })}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="border-t border-line px-4 pt-3 pb-4 text-sm leading-relaxed text-ink-muted">
        <ol className="flex flex-col gap-2">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden="true"
                className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-soft text-xs font-bold text-brand tabular-nums"
              >
                {index + 1}
              </span>
              <span className="min-w-0 pt-0.5 text-ink">{step}</span>
            </li>
          ))}
        </ol>
        {keyLength ? (
          <p className="mt-3 rounded-lg bg-raised px-3 py-2 text-ink" data-testid="key-length">
            {t('redeem.keyLength', { platform: groupName, length: keyLength })}
          </p>
        ) : null}
        <h3 className="mt-4 text-xs font-semibold tracking-wide text-ink-faint uppercase">
          {t('redeem.notesTitle')}
        </h3>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
          <li>{t('redeem.notes.where')}</li>
          <li>{t('redeem.notes.account')}</li>
          <li>{t('redeem.notes.find')}</li>
          <li>{t('redeem.notes.enter')}</li>
          <li>
            {orderNumber ? t('redeem.notes.otherWithOrder', { order: orderNumber }) : t('redeem.notes.other')}{' '}
            <Link to={contactFormHref} className="text-brand-strong underline underline-offset-2">
              {t('redeem.contactSupport')}
            </Link>
          </li>
        </ul>
      </div>
    </details>
  );
}
