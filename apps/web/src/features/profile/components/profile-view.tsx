import { RotateCw, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { RetryButton } from '#src/components/ui/retry-button.tsx';
import { useProfile } from '#src/features/profile/api/profile.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { ProfileForm } from './profile-form.tsx';

function ProfileSkeleton(): ReactNode {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-5">
      <span className="sr-only">{t('profile.loading')}</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} aria-hidden="true" className="flex flex-col gap-2">
          <div className="skeleton h-4 w-28 rounded" />
          <div className="skeleton h-11 w-full rounded-lg" />
        </div>
      ))}
      <div aria-hidden="true" className="skeleton h-28 w-full rounded-lg" />
    </div>
  );
}

/** /profile: the customer's details, with loading and failure states. */
export function ProfileView(): ReactNode {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={t('profile.title')} />
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('profile.title')}</h1>
      <p className="mt-2 text-pretty text-sm leading-relaxed text-ink-muted">{t('profile.subtitle')}</p>
      <div className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-8">
        {profile.isPending ? (
          <ProfileSkeleton />
        ) : profile.isError ? (
          <EmptyState
            icon={UserRoundX}
            tone="danger"
            title={t('profile.loadError')}
            body={getErrorMessage(profile.error)}
            className="py-6 sm:py-8"
          >
            <RetryButton variant="secondary" icon={RotateCw} query={profile} />
          </EmptyState>
        ) : (
          <ProfileForm key={profile.data.email} profile={profile.data} />
        )}
      </div>
      {profile.isSuccess ? <PasskeysSection /> : null}
      {profile.isSuccess ? <PrivacySection /> : null}
    </div>
  );
}
