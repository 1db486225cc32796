import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Marks a control that does nothing without JavaScript (menus, the cookie banner): hidden then. */
export const NEEDS_JAVASCRIPT = { 'data-needs-js': '' } as const;

/**
 * Shown only when JavaScript is off (the page was rendered by the server, docs/decisions/034): reading
 * works, buying does not, and the page says so in its language. Controls marked NEEDS_JAVASCRIPT are
 * hidden, since they could not open.
 */
export function JavaScriptNote(): ReactNode {
  const { t } = useTranslation();
  return (
    <noscript>
      <style>{'[data-needs-js]{display:none!important}'}</style>
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-3 text-sm text-ink sm:px-6 lg:px-8">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {t('noscript.note')}
      </p>
    </noscript>
  );
}
