import { type CatalogueScreenSort, catalogueScreenSorts } from '@keyland/core/catalogue';
import { BadgePercent, ChevronDown, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueChoices } from '#src/features/catalogue/api/catalogue-filters.ts';
import { usePlatforms } from '#src/features/catalogue/api/get-platforms.ts';
import { useDebouncedValue } from '#src/hooks/use-debounced-value.ts';

const SEARCH_DEBOUNCE_MS = 300;

export interface CatalogueToolbarProps extends CatalogueChoices {
  onChange: (next: Partial<CatalogueChoices>, options?: { replace?: boolean }) => void;
}

/** The visible name of each order the screen offers. */
const sortTexts = {
  relevance: 'sale.sortRelevance',
  discount_desc: 'sale.sortDiscount',
} as const satisfies Record<CatalogueScreenSort, string>;

const fieldClasses =
  'h-11 w-full rounded-lg border border-line-strong bg-surface text-sm text-ink placeholder:text-ink-faint ' +
  'transition-colors hover:border-ink-faint focus:border-brand focus-visible:outline-2 focus-visible:outline-offset-1';

/**
 * The name search (debounced), the platform filter (All plus the server's list), the order (relevance or
 * biggest discount) and the "on sale" switch. Phones get the search and the platform on rows of their own
 * and the order beside the switch; from 640 px the search has a row and the rest share one; from 1024 px
 * all four share one row.
 */
export function CatalogueToolbar({
  name,
  platform,
  onSale,
  sort,
  onChange,
}: CatalogueToolbarProps): ReactNode {
  const { t } = useTranslation();
  const searchId = useId();
  const platformId = useId();
  const sortId = useId();
  const onSaleId = useId();
  const platforms = usePlatforms();

  const [draft, setDraft] = useState(name);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  // The last name written to the address by this box, to tell the visitor's typing from outside changes.
  const written = useRef(name);

  useEffect(() => {
    // Only a settled value is written: while typing, or right after an outside change, they differ.
    if (debounced !== draft) return;
    const value = debounced.trim();
    if (value !== written.current) {
      written.current = value;
      onChange({ name: value }, { replace: true });
    }
  }, [debounced, draft, onChange]);

  useEffect(() => {
    // The address changed without this box (back button, "clear the filters"): show it.
    if (name !== written.current) {
      written.current = name;
      setDraft(name);
    }
  }, [name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (value !== written.current) {
      written.current = value;
      onChange({ name: value });
    }
  };

  const options = platforms.data ?? [];
  // Keep a platform from the address selectable even before (or without) the list.
  const platformOptions = platform && !options.includes(platform) ? [platform, ...options] : options;

  return (
    <search aria-label={t('catalogue.filters')}>
      <form
        onSubmit={submit}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] lg:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_minmax(0,14rem)_auto]"
      >
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-3 lg:col-span-1">
          <label htmlFor={searchId} className="text-sm font-medium text-ink">
            {t('catalogue.searchLabel')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint"
            />
            <input
              id={searchId}
              type="search"
              name="name"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('catalogue.searchPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={100}
              className={`${fieldClasses} pr-3 pl-9`}
            />
          </div>
        </div>
        <ToolbarSelect
          id={platformId}
          label={t('catalogue.platformLabel')}
          name="platform"
          value={platform}
          onValue={(value) => onChange({ platform: value })}
          className="col-span-2 sm:col-span-1"
        >
          <option value="">{t('catalogue.allPlatforms')}</option>
          {platformOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </ToolbarSelect>
        <ToolbarSelect
          id={sortId}
          label={t('sale.sortLabel')}
          name="sort"
          value={sort}
          onValue={(value) =>
            onChange({ sort: catalogueScreenSorts.find((known) => known === value) ?? 'relevance' })
          }
          className="min-w-0"
        >
          {catalogueScreenSorts.map((value) => (
            <option key={value} value={value}>
              {t(sortTexts[value])}
            </option>
          ))}
        </ToolbarSelect>
        {/* A checkbox in a box of the fields' height, so the whole box is its label and target. */}
        <label
          htmlFor={onSaleId}
          className="flex h-11 cursor-pointer items-center gap-2 self-end rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium whitespace-nowrap text-ink transition-colors focus-within:border-brand hover:border-ink-faint has-checked:border-brand/60 has-checked:bg-brand-soft"
        >
          <input
            id={onSaleId}
            type="checkbox"
            name="sale"
            checked={onSale}
            onChange={(event) => onChange({ onSale: event.target.checked })}
            className="size-5 shrink-0 cursor-pointer accent-brand"
          />
          <BadgePercent aria-hidden="true" className="size-4 shrink-0 text-brand" />
          {t('sale.onSale')}
        </label>
      </form>
    </search>
  );
}

/** A labelled select of the toolbar, with its chevron. */
function ToolbarSelect({
  id,
  label,
  name,
  value,
  onValue,
  className,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          className={`${fieldClasses} appearance-none pr-9 pl-3`}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-faint"
        />
      </div>
    </div>
  );
}
