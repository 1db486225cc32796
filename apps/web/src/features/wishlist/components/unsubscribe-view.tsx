import { BellOff, CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useUnsubscribeAlerts } from '../api/unsubscribe-alerts.ts';

/**
 * /wishlist/unsubscribe?token=…: the link of an alert mail. Opening it turns every wishlist alert off, with
 * no login, and says so; alerts can be set again on the wishlist.
 */
export function UnsubscribeView({ token }: { token: string }): ReactNode {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribeAlerts();
  const { mutate } = unsubscribe;
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || token === '') return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  if (token !== '' && (unsubscribe.isIdle || unsubscribe.isPending))
    return (
      <div className="grid min-h-[50vh] place-items-center px-4">
        <h1 className="sr-only">{t('wishlist.unsubscribe.title')}</h1>
        <Spinner label={t('wishlist.unsubscribe.working')} />
      </div>
    );
  if (unsubscribe.isSuccess)
    return (
      <EmptyState
        icon={BellOff}
        headingLevel={1}
        title={t('wishlist.unsubscribe.done')}
        body={t('wishlist.unsubscribe.doneBody')}
      >
        <Link to={paths.wishlist} className={buttonClasses({ variant: 'secondary' })}>
          {t('wishlist.unsubscribe.toWishlist')}
        </Link>
      </EmptyState>
    );
  return (
    <EmptyState
      icon={CircleAlert}
      tone="danger"
      headingLevel={1}
      title={t('wishlist.unsubscribe.failed')}
      body={token === '' ? t('errors.TOKEN_MISSING') : getErrorMessage(unsubscribe.error)}
    >
      <Link to={paths.wishlist} className={buttonClasses({ variant: 'secondary' })}>
        {t('wishlist.unsubscribe.toWishlist')}
      </Link>
    </EmptyState>
  );
}
