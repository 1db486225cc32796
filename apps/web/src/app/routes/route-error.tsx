import { RotateCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { paths } from '#src/config/paths.ts';

function ErrorScreen(): ReactNode {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      <DocumentTitle title={t('routeError.title')} />
      <EmptyState
        icon={TriangleAlert}
        tone="danger"
        title={t('routeError.title')}
        body={t('routeError.body')}
        headingLevel={1}
      >
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('common.reload')}
        </Button>
        <Link to={paths.publicStore} reloadDocument className={buttonClasses({ variant: 'secondary' })}>
          {t('common.backToStore')}
        </Link>
      </EmptyState>
    </>
  );
}

/** A page that failed (its code did not load, or it crashed): shown inside the layout, bar and footer stay. */
export function RouteErrorBoundary(): ReactNode {
  return <ErrorScreen />;
}

/** The layout itself failed: the same message on a bare page. */
export function RootErrorBoundary(): ReactNode {
  return (
    <main className="grid min-h-dvh place-items-center bg-canvas">
      <ErrorScreen />
    </main>
  );
}
