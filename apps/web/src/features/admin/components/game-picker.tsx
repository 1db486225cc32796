import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { FieldError } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useGameSearch } from '#src/features/admin/api/admin-api.ts';
import type { ChosenGame } from '#src/features/admin/utils/discount-form.ts';
import { SearchInput } from './search-input.tsx';

/** The games found by the last search, each with a checkbox that adds it to the discount or takes it out. */
function SearchResults({
  q,
  chosen,
  max,
  onToggle,
}: {
  q: string;
  chosen: readonly ChosenGame[];
  max: number;
  onToggle: (game: ChosenGame, add: boolean) => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const results = useGameSearch(q);
  if (q === '') return null;
  if (results.isPending) return <Spinner label={t('promotions.games.searching')} />;
  if (results.isError) return <InlineError error={results.error} />;
  if (results.data.items.length === 0)
    return <p className="text-sm text-ink-muted">{t('promotions.games.noMatch', { q })}</p>;
  const chosenIds = new Set(chosen.map((game) => game.id));
  const full = chosen.length >= max;
  return (
    <ul aria-label={t('promotions.games.results', { q })} className="flex flex-col gap-1">
      {results.data.items.map((product) => {
        const checked = chosenIds.has(product.id);
        return (
          <li key={product.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-ink hover:bg-raised has-focus-visible:outline-2 has-focus-visible:outline-brand-strong">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={(event) => onToggle({ id: product.id, title: product.title }, event.target.checked)}
                className="size-4 shrink-0 cursor-pointer accent-brand focus-visible:outline-none"
              />
              <span className="min-w-0 flex-1 break-words">
                {product.title}{' '}
                <span className="text-ink-muted">
                  {'· '}
                  {product.platform}
                  {' · '}
                  {formatEuros(roundEurosToCents(product.price), i18n.language)}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The games of a discount (a promotion, a coupon): a search of the catalogue (the admin products list)
 * whose results are ticked to add them, and the chosen games, each with a remove button. It sits inside
 * the discount's form, so Enter in the search box searches instead of sending the form.
 */
export function GamePicker({
  id,
  chosen,
  max,
  onChange,
  error,
}: {
  /** The search box's id (the form focuses it when no game is chosen). */
  id: string;
  chosen: readonly ChosenGame[];
  /** The most games the discount may have: the other results cannot be ticked once it has them. */
  max: number;
  onChange: (games: ChosenGame[]) => void;
  error: string | undefined;
}): ReactNode {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = () => setQ(text.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };
  const list = useRef<HTMLUListElement>(null);
  const toggle = (game: ChosenGame, add: boolean) =>
    onChange(add ? [...chosen, game] : chosen.filter((other) => other.id !== game.id));
  /** Takes a game out; the focus moves to the remove button now in its place, else to the search box. */
  const remove = (game: ChosenGame, index: number) => {
    toggle(game, false);
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll('button') ?? [];
      (buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(id))?.focus();
    });
  };

  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className="m-0 flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3 sm:p-4"
    >
      <legend className="px-1 text-sm font-medium text-ink">{t('promotions.games.legend')}</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('promotions.games.searchLabel')}
        </label>
        <div className="flex gap-2">
          <SearchInput
            id={id}
            value={text}
            onValue={setText}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            className="min-w-0 flex-1"
          />
          <Button variant="secondary" onClick={search}>
            {t('admin.search')}
          </Button>
        </div>
      </div>
      <div aria-live="polite">
        <SearchResults q={q} chosen={chosen} max={max} onToggle={toggle} />
      </div>
      <section aria-labelledby={`${id}-chosen`} className="flex flex-col gap-2">
        <h3 id={`${id}-chosen`} className="text-sm font-semibold text-ink">
          {t('promotions.games.chosen', { count: chosen.length })}
        </h3>
        {chosen.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('promotions.games.none')}</p>
        ) : (
          <ul ref={list} className="flex flex-wrap gap-2">
            {chosen.map((game, index) => (
              <li
                key={game.id}
                className="flex max-w-full items-center gap-1 rounded-lg border border-line-strong bg-raised py-0.5 pr-0.5 pl-2.5 text-sm text-ink"
              >
                <span className="min-w-0 break-words">{game.title}</span>
                <button
                  type="button"
                  onClick={() => remove(game, index)}
                  aria-label={t('promotions.games.remove', { title: game.title })}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-line hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-strong"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
