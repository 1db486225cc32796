import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { looksLikeHtml, sanitizeDescription } from '#src/features/product/utils/sanitize-description.ts';
import { cn } from '#src/lib/cn.ts';

/** Readable typography for a supplier's description, without a typography plugin. */
const prose =
  'text-base leading-relaxed text-ink-muted break-words [&_a]:text-brand-strong [&_a]:underline [&_a]:underline-offset-2 ' +
  '[&_h2]:mt-5 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:text-ink ' +
  '[&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-ink [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg ' +
  '[&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_p:first-child]:mt-0 [&_strong]:text-ink ' +
  '[&_table]:mt-3 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border ' +
  '[&_th]:border-line [&_th]:p-2 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_pre]:overflow-x-auto';

export interface ProductDescriptionProps {
  /** The description as the server sends it: HTML, plain text, or empty. */
  description: string | null | undefined;
  className?: string;
}

/**
 * The game's description. HTML is inserted only after DOMPurify has removed scripts, event handlers and
 * javascript: links; text without tags stays plain text (paragraphs at blank lines); no description
 * keeps the spec's placeholder.
 */
export function ProductDescription({ description, className }: ProductDescriptionProps): ReactNode {
  const { t } = useTranslation();
  const text = description?.trim() ?? '';

  if (!text) {
    return (
      <p data-testid="product-description" className={cn('text-base text-ink-faint italic', className)}>
        {t('product.noDescription')}
      </p>
    );
  }

  if (!looksLikeHtml(text)) {
    const paragraphs = text.split(/\n\s*\n/).filter((part) => part.trim() !== '');
    return (
      <div data-testid="product-description" className={cn(prose, 'whitespace-pre-line', className)}>
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
          <p key={index}>{paragraph.trim()}</p>
        ))}
      </div>
    );
  }

  const safe = sanitizeDescription(text);
  return (
    <div
      data-testid="product-description"
      className={cn(prose, className)}
      // The server's HTML (its own sanitiser's output) may differ in spelling from DOMPurify's: kept as is.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has just been sanitised by DOMPurify.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
