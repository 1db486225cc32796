import { MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { useResendVerification } from '#src/features/auth/api/verify-email.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';
import { useSession } from '#src/lib/session.ts';

/** Sends a new verification link and says what the server answered (sent, or e.g. too many requests). */
export function ResendVerificationButton({ className }: { className?: string }): ReactNode {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className={cn('flex flex-col items-center gap-2 sm:flex-row', className)}>
      <Button variant="secondary" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? t('auth.verify.resending') : t('auth.verify.resend')}
      </Button>
      <p aria-live="polite" className={cn('text-sm', resend.isError ? 'text-danger' : 'text-brand-strong')}>
        {resend.isSuccess ? t('auth.verify.resent') : resend.isError ? getErrorMessage(resend.error) : ''}
      </p>
    </div>
  );
}

/** Shown to a logged-in customer whose e-mail address is not confirmed yet. */
export function VerifyEmailBanner(): ReactNode {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user || user.kl_email_verified) return null;
  return (
    <section aria-label={t('auth.verify.title')} className="border-b border-amber-400/30 bg-amber-400/10">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-4 sm:px-6 lg:px-8">
        <p className="flex items-start gap-2 text-sm text-ink sm:flex-1 sm:items-center">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300 sm:mt-0" />
          {t('auth.verify.banner')}
        </p>
        <ResendVerificationButton className="items-start sm:items-center" />
      </div>
    </section>
  );
}
