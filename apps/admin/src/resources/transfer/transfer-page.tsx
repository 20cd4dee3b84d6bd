import { MAX_IMPORT_BYTES } from '@storefront/contracts/admin';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Button, ErrorAlert, Notice, PageTitle, Section } from '../../components/ui.tsx';
import { formatMegabytes, formatNumber } from '../../lib/format.ts';
import { toLanguage } from '../../lib/i18n.ts';
import { EXPORT_URL, useImportCatalogue } from './api.ts';

/**
 * Import a whole catalogue file (or a zip with its images) and download the store, as the CLI does.
 * The page speaks to a shop owner: what the download holds, what an upload replaces and its size
 * limit; no command line (the CLI is in the README).
 */
export function TransferPage() {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const imported = useImportCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const { data: report, error } = imported;
  const problems =
    error instanceof ApiError && error.code === 'catalogue_invalid'
      ? (((error.body as { errors?: unknown }).errors as string[] | undefined) ?? [])
      : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    imported.reset();
    setTooLarge(file.size > MAX_IMPORT_BYTES);
    if (file.size > MAX_IMPORT_BYTES) return;
    setProgress(0);
    try {
      await imported.mutateAsync({ file, onProgress: setProgress });
    } catch {
      // shown from the mutation's error
    } finally {
      setProgress(null);
    }
  }

  const lang = toLanguage(i18n.language);
  const size = formatMegabytes(MAX_IMPORT_BYTES, lang);
  return (
    <div>
      <PageTitle>{t('transfer.title')}</PageTitle>
      <Section title={t('transfer.exportTitle')}>
        <p className="mb-3 text-slate-800">{t('transfer.exportHelp')}</p>
        <a
          href={EXPORT_URL}
          download
          className="inline-block rounded bg-sky-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-900"
        >
          {t('transfer.export')}
        </a>
      </Section>
      <Section title={t('transfer.importTitle')}>
        <p className="mb-3 text-slate-800">{t('transfer.importHelp', { size })}</p>
        <form onSubmit={(e) => void submit(e)} className="space-y-3">
          <div>
            <label htmlFor={inputId} className="mb-1 block font-medium">
              {t('transfer.file')}
            </label>
            <input
              id={inputId}
              type="file"
              accept=".json,.zip,application/json,application/zip"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block text-sm"
            />
          </div>
          <Button type="submit" variant="primary" disabled={!file || progress !== null}>
            {t('transfer.import')}
          </Button>
          {progress !== null ? (
            <p role="status">
              {progress < 1
                ? t('transfer.uploading', { percent: formatNumber(Math.round(progress * 100), lang) })
                : t('transfer.checking')}
            </p>
          ) : null}
        </form>
        {report ? (
          <Notice>
            {report.summary.unchanged
              ? t('transfer.unchanged')
              : t('transfer.done', {
                  products: formatNumber(report.summary.products, lang),
                  images: formatNumber(report.summary.images, lang),
                })}
          </Notice>
        ) : null}
        {tooLarge ? (
          <p role="alert" className="my-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
            {t('transfer.tooLarge', { size })}
          </p>
        ) : null}
        <ErrorAlert error={error} />
        {problems.length > 0 ? (
          <ul
            className="list-disc space-y-1 ps-6 text-sm text-red-900"
            dir="ltr"
            aria-label={t('transfer.problems')}
          >
            {problems.slice(0, 200).map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </Section>
    </div>
  );
}
