import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { AuthLayout, linkClasses } from '#src/features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '#src/features/auth/components/forgot-password-form.tsx';

/** /forgot-password: asks for a password reset e-mail, then goes to /login after 3 s. */
export default function ForgotPasswordRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Link to={paths.login} className={`${linkClasses} inline-flex items-center gap-1.5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
