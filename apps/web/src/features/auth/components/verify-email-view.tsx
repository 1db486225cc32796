import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, MailCheck, MailWarning } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { verifyEmailQueryOptions } from '#src/features/auth/api/verify-email.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { sessionQueryKey } from '#src/lib/query-keys.ts';
import { useSession } from '#src/lib/session.ts';
import { ResendVerificationButton } from './verify-email-banner.tsx';

/** /verify-email?token=…: confirms the address once, then says so, or says what went wrong and what next. */
export function VerifyEmailView({ token }: { token: string }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isLoggedIn, user } = useSession();
  const verification = useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== '' });

  useEffect(() => {
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [verification.isSuccess, queryClient]);

  if (token !== '' && verification.isPending)
    return (
      <div className="grid min-h-[50vh] place-items-center px-4">
        <Spinner label={t('auth.verify.checking')} />
      </div>
    );

  if (verification.isSuccess)
    return (
      <EmptyState
        icon={MailCheck}
        title={t('auth.verify.doneTitle')}
        body={t('auth.verify.success')}
        headingLevel={1}
      >
        <Link to={isLoggedIn ? paths.store : paths.login} className={buttonClasses()}>
          {isLoggedIn ? t('auth.verify.goToStore') : t('auth.verify.goToLogin')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </EmptyState>
    );

  const error = verification.error;
  const message =
    token === '' || (error instanceof ApiError && error.error === 'TOKEN_MISSING')
      ? t('errors.TOKEN_MISSING')
      : error instanceof ApiError && error.error !== 'TOKEN_INVALID' && error.error !== 'VALIDATION_FAILED'
        ? getErrorMessage(error)
        : t('errors.TOKEN_INVALID');

  return (
    <EmptyState
      icon={MailWarning}
      tone="danger"
      title={t('auth.verify.failedTitle')}
      body={
        <>
          <span role="alert">{message}</span> {isLoggedIn ? null : t('auth.verify.failedHint')}
        </>
      }
      headingLevel={1}
    >
      {isLoggedIn && user && !user.kl_email_verified ? (
        <ResendVerificationButton />
      ) : isLoggedIn ? (
        <Link to={paths.store} className={buttonClasses()}>
          {t('auth.verify.goToStore')}
        </Link>
      ) : (
        <Link to={paths.login} className={buttonClasses()}>
          {t('auth.verify.goToLogin')}
        </Link>
      )}
    </EmptyState>
  );
}
