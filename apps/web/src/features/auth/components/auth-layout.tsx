import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { paths } from '#src/config/paths.ts';
import { cn } from '#src/lib/cn.ts';
import { ParticleBackground } from './particle-background.tsx';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** The login screen's animated particles behind the card. */
  particles?: boolean;
  width?: 'md' | 'lg';
  children: ReactNode;
  /** Links under the card ("Back to log in", "Create an account"). */
  footer?: ReactNode;
}

/** The frame of every account screen: a centred card with a heading, on the dark canvas. */
export function AuthLayout({
  title,
  subtitle,
  particles = false,
  width = 'md',
  children,
  footer,
}: AuthLayoutProps): ReactNode {
  return (
    <div className="relative isolate flex min-h-[calc(100dvh-4rem)] items-start justify-center px-4 py-8 sm:items-center sm:py-14">
      <DocumentTitle title={title} />
      {particles ? <ParticleBackground /> : null}
      <div className={cn('relative w-full', width === 'lg' ? 'max-w-lg' : 'max-w-md')}>
        <div className="rounded-2xl border border-line bg-surface/95 p-5 shadow-2xl shadow-black/40 backdrop-blur-sm sm:p-8">
          <h1 className="text-balance text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
          {subtitle ? (
            <p className="mt-2 text-pretty text-sm leading-relaxed text-ink-muted">{subtitle}</p>
          ) : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-5 text-center text-sm text-ink-muted">{footer}</div> : null}
      </div>
    </div>
  );
}

/** A text link in the brand colour, underlined on hover, with a proper focus ring. */
export const linkClasses =
  'font-semibold text-brand underline-offset-4 hover:text-brand-strong hover:underline focus-visible:underline';

/** "Back to log in" under the card of the password screens. */
export function BackToLogin(): ReactNode {
  const { t } = useTranslation();
  return (
    <Link to={paths.login} className={`${linkClasses} inline-flex items-center gap-1.5`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('auth.forgot.backToLogin')}
    </Link>
  );
}
