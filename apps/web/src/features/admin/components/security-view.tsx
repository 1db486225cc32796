import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import {
  type TotpSetup,
  useTotpSetup,
  useTotpStatus,
  useTotpSwitch,
} from '#src/features/admin/api/admin-security-api.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { AdminCard, AdminPageHeader, Badge, ErrorBlock, LoadingBlock } from './admin-page.tsx';

/** A 6-digit code field with its submit button. */
function CodeForm({
  label,
  submit,
  pendingLabel,
  pending,
  error,
  onSubmit,
  testId,
}: {
  label: string;
  submit: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (code: string) => void;
  testId: string;
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form noValidate onSubmit={send} className="flex max-w-sm flex-col gap-3" data-testid={testId}>
      <TextField
        id={`${id}-code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        spellCheck={false}
        label={label}
        hint={t('admin.security.codeHint')}
        error={error ? getErrorMessage(error) : undefined}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" disabled={pending} className="w-fit">
        {pending ? pendingLabel : submit}
      </Button>
    </form>
  );
}

function Enrolment({ setup }: { setup: TotpSetup }): ReactNode {
  const { t } = useTranslation();
  const enable = useTotpSwitch('enable');
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-1 ps-5 text-sm text-ink">
        <li>{t('admin.security.step1')}</li>
        <li>{t('admin.security.step2')}</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qrSvgDataUrl}
          alt={t('admin.security.qrAlt')}
          width={200}
          height={200}
          className="size-50 shrink-0 rounded-lg border border-line bg-white p-2"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-ink-muted">{t('admin.security.secretLabel')}</p>
          <code data-testid="totp-secret" className="font-mono text-sm break-all text-ink select-all">
            {setup.secret}
          </code>
        </div>
      </div>
      <CodeForm
        label={t('admin.security.code')}
        submit={t('admin.security.enable')}
        pendingLabel={t('admin.security.verifying')}
        pending={enable.isPending}
        error={enable.error}
        onSubmit={(code) => enable.mutate(code, { onSuccess: () => showNotice(t('admin.security.enabled')) })}
        testId="totp-enable-form"
      />
    </div>
  );
}

/** /admin/security: the signed-in admin's TOTP second factor (set up, confirm with a code, turn off). */
export function SecurityView(): ReactNode {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const setup = useTotpSetup();
  const disable = useTotpSwitch('disable');
  const title = t('admin.security.title');

  let body: ReactNode;
  if (status.isPending) body = <LoadingBlock label={t('admin.security.loading')} />;
  else if (status.isError) body = <ErrorBlock title={t('admin.security.loadFailed')} query={status} />;
  else if (status.data.enabled)
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
          <Badge tone="success">{t('admin.security.on')}</Badge>
          {t('admin.security.onBody')}
        </p>
        <CodeForm
          label={t('admin.security.disableCode')}
          submit={t('admin.security.disable')}
          pendingLabel={t('admin.security.verifying')}
          pending={disable.isPending}
          error={disable.error}
          onSubmit={(code) =>
            disable.mutate(code, {
              onSuccess: () => {
                setup.reset();
                showNotice(t('admin.security.disabled'));
              },
            })
          }
          testId="totp-disable-form"
        />
      </div>
    );
  else if (setup.data) body = <Enrolment setup={setup.data} />;
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
          <Badge>{t('admin.security.off')}</Badge>
          {t('admin.security.offBody')}
        </p>
        {setup.isError ? <InlineError error={setup.error} /> : null}
        <Button className="w-fit" disabled={setup.isPending} onClick={() => setup.mutate()}>
          {setup.isPending ? t('admin.security.starting') : t('admin.security.start')}
        </Button>
      </div>
    );

  return (
    <>
      <AdminPageHeader title={title} description={t('admin.security.description')} />
      <AdminCard title={t('admin.security.totpTitle')}>{body}</AdminCard>
    </>
  );
}
