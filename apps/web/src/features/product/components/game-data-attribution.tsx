import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SOURCES: Record<string, { name: string; url: string }> = {
  rawg: { name: 'RAWG', url: 'https://rawg.io/' },
};

/**
 * The credit a game database's terms require on every page that shows its data (RAWG: an active link
 * to RAWG). Nothing for the store's own details.
 */
export function GameDataAttribution({ source }: { source: string | null | undefined }): ReactNode {
  const { t } = useTranslation();
  const known = source ? SOURCES[source] : undefined;
  if (!known) return null;
  return (
    <p data-testid="game-data-attribution" className="mt-4 text-xs text-ink-muted">
      {t('product.gameData.providedBy')}{' '}
      <a
        href={known.url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-strong underline underline-offset-2 hover:text-brand"
      >
        {known.name}
      </a>
    </p>
  );
}
