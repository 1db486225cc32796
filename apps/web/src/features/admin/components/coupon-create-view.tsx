import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCoupon, useGenerateCoupons } from '#src/features/admin/api/admin-coupons-api.ts';
import { useNoticeAndGo } from '#src/features/admin/hooks/use-notice-and-go.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import {
  type CouponFormValues,
  formToCouponInput,
  formToGenerateInput,
} from '#src/features/admin/utils/coupon-form.ts';
import { saveFile } from '#src/features/admin/utils/save-file.ts';
import { CouponForm } from './coupon-form.tsx';
import { CancelLink } from './form-actions.tsx';
import { FormPage } from './form-page.tsx';

/**
 * /admin/coupons/new (`code`: a coupon with a typed code) and /admin/coupons/generate (`generate`: a batch
 * of single-use codes, whose CSV file is downloaded at once). Once done, back to the list with a notice.
 */
export function CouponCreateView({ mode }: { mode: 'code' | 'generate' }): ReactNode {
  const { t } = useTranslation();
  const noticeAndGo = useNoticeAndGo();
  const create = useCreateCoupon();
  const generate = useGenerateCoupons();
  const done = (notice: string) => noticeAndGo(notice, adminPaths.coupons);
  const submit = (values: CouponFormValues) => {
    if (mode === 'code') {
      create.mutate(formToCouponInput(values, 'code'), {
        onSuccess: (coupon) => done(t('coupons.form.created', { name: coupon.name, code: coupon.code })),
      });
      return;
    }
    generate.mutate(formToGenerateInput(values), {
      onSuccess: ({ file, fileName, count }) => {
        saveFile(file, fileName);
        done(t('coupons.form.generated', { count, name: values.name.trim(), file: fileName }));
      },
    });
  };
  const call = mode === 'code' ? create : generate;

  return (
    <FormPage
      title={mode === 'code' ? t('coupons.new') : t('coupons.generate')}
      description={mode === 'code' ? t('coupons.newIntro') : t('coupons.generateIntro')}
      listPath={adminPaths.coupons}
      backLabel={t('coupons.backToList')}
    >
      <CouponForm
        mode={mode}
        submitLabel={mode === 'code' ? t('coupons.form.create') : t('coupons.form.generateSubmit')}
        pendingLabel={mode === 'code' ? t('coupons.form.creating') : t('coupons.form.generating')}
        pending={call.isPending}
        error={call.error}
        onSubmit={submit}
      >
        <CancelLink to={adminPaths.coupons}>{t('coupons.form.cancel')}</CancelLink>
      </CouponForm>
    </FormPage>
  );
}
