import { CheckCircle2, FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { controlClasses } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import {
  type ImportKeysResult,
  KEY_IMPORT_MAX_BYTES,
  KEY_IMPORT_MAX_LINES,
  useImportKeys,
} from '#src/features/admin/api/admin-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';

/** Invalid lines listed one by one (the rest are only counted). */
const INVALID_SHOWN = 50;

function countLines(text: string): number {
  if (text === '') return 0;
  const parts = text.split(/\r\n|\n|\r/);
  return parts[parts.length - 1] === '' ? parts.length - 1 : parts.length;
}

function ImportResult({ result }: { result: ImportKeysResult }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const n = (value: number) => formatCount(value, locale);
  const rows: [string, number, string][] = [
    [t('admin.import.imported'), result.imported, 'import-imported'],
    [t('admin.import.duplicatesInFile'), result.duplicates.inFile, 'import-duplicates-file'],
    [t('admin.import.duplicatesExisting'), result.duplicates.existing, 'import-duplicates-existing'],
    [t('admin.import.invalid'), result.invalidCount, 'import-invalid'],
  ];
  return (
    <div
      data-testid="import-result"
      className="flex flex-col gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm"
    >
      <p className="flex items-start gap-2 font-semibold text-ink">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {t('admin.import.done', {
          count: result.imported,
          imported: n(result.imported),
          available: n(result.available),
        })}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="rounded-lg border border-line bg-surface px-3 py-2">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd data-testid={testId} className="text-lg font-bold text-ink tabular-nums">
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      {result.invalid.length > 0 ? (
        <details className="rounded-lg border border-line bg-surface px-3 py-2">
          <summary className="cursor-pointer py-1 font-medium text-ink">
            {t('admin.import.invalidLines', { count: result.invalidCount, shown: n(result.invalidCount) })}
          </summary>
          <ul className="mt-2 flex max-h-60 flex-col gap-1 overflow-y-auto text-ink-muted">
            {result.invalid.slice(0, INVALID_SHOWN).map((problem) => (
              <li key={problem.line}>
                {t('admin.import.line', { line: n(problem.line) })}:{' '}
                {t(`admin.import.reasons.${problem.reason}`, { expected: problem.expected ?? 0 })}
              </li>
            ))}
            {result.invalidCount > INVALID_SHOWN ? (
              <li>{t('admin.import.more', { count: result.invalidCount - INVALID_SHOWN })}</li>
            ) : null}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * Key import for one game: paste keys or load a .txt/.csv file into the same box (one key per line,
 * the first CSV column), then send; the server reports imported, duplicate and invalid lines.
 */
export function KeyImport({ productId, platform }: { productId: number; platform: string }): ReactNode {
  const { t, i18n } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importKeys = useImportKeys(productId);
  const lines = countLines(text);

  const tooLarge = () =>
    t('errors.KEY_IMPORT_TOO_LARGE', {
      maxLines: formatCount(KEY_IMPORT_MAX_LINES, i18n.language),
      maxMegabytes: KEY_IMPORT_MAX_BYTES / 1024 / 1024,
    });

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setProblem(null);
    if (file.size > KEY_IMPORT_MAX_BYTES) {
      setProblem(tooLarge());
      event.target.value = '';
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setText(typeof reader.result === 'string' ? reader.result : '');
      setFileName(file.name);
      importKeys.reset();
    };
    reader.onerror = () => setProblem(t('admin.import.fileUnreadable'));
    reader.readAsText(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (text.trim() === '') {
      setProblem(t('admin.import.empty'));
      document.getElementById(`${id}-keys`)?.focus();
      return;
    }
    if (lines > KEY_IMPORT_MAX_LINES || new Blob([text]).size > KEY_IMPORT_MAX_BYTES) {
      setProblem(tooLarge());
      return;
    }
    importKeys.mutate(text, {
      onSuccess: () => {
        setText('');
        setFileName(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  const serverError =
    importKeys.error instanceof ApiError && importKeys.error.error === 'KEY_IMPORT_TOO_LARGE'
      ? tooLarge()
      : importKeys.error
        ? getErrorMessage(importKeys.error)
        : null;
  const message = problem ?? serverError;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-keys`} className="text-sm font-medium text-ink">
          {t('admin.import.label')}
        </label>
        <textarea
          id={`${id}-keys`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFileName(null);
            setProblem(null);
          }}
          rows={6}
          spellCheck={false}
          autoCapitalize="characters"
          aria-describedby={`${id}-hint ${id}-count`}
          aria-invalid={problem ? true : undefined}
          className={cn(controlClasses, 'min-h-36 resize-y font-mono text-sm')}
          placeholder="XXXXX-XXXXX-XXXXX"
        />
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-ink-muted">
          {t('admin.import.hint', { platform })}
        </p>
        <p id={`${id}-count`} className="text-xs text-ink-faint" aria-live="polite">
          {fileName
            ? t('admin.import.fromFile', { name: fileName, count: lines })
            : t('admin.import.lineCount', { count: lines })}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <label
          htmlFor={`${id}-file`}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-line-strong bg-raised px-4 text-sm font-semibold text-ink transition-colors hover:border-brand/60 hover:bg-line has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-strong"
        >
          <FileUp aria-hidden="true" className="size-4" />
          {t('admin.import.chooseFile')}
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            onChange={readFile}
            className="sr-only"
          />
        </label>
        <BusyButton
          type="submit"
          busy={importKeys.isPending}
          busyLabel={t('admin.import.importing')}
          icon={Upload}
        >
          {t('admin.import.submit')}
        </BusyButton>
      </div>
      {message ? <InlineError>{message}</InlineError> : null}
      <div aria-live="polite">{importKeys.data ? <ImportResult result={importKeys.data} /> : null}</div>
    </form>
  );
}
