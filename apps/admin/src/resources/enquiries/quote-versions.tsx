import type { QuoteVersionState, QuoteVersionSummary } from '@storefront/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, ConfirmDialog } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { quotePdfUrl, useReissueQuote } from './quote-api.ts';
import { moneyFigure } from './quote-model.ts';

const TONES: Record<QuoteVersionState, 'amber' | 'green' | 'slate'> = {
  sent: 'amber',
  accepted: 'green',
  superseded: 'slate',
  expired: 'slate',
  declined: 'slate',
};

/** What the buyer decided, in words: who accepted (and how), or why they declined. */
function Decision({ version }: { version: QuoteVersionSummary }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (version.state === 'accepted')
    return (
      <>
        <dt className="font-medium">{t('quote.acceptedBy')}</dt>
        <dd>
          <span dir="auto">{version.accepted_by ?? '—'}</span>
          {version.acceptance_method ? ` (${t(`quote.acceptanceMethods.${version.acceptance_method}`)})` : ''}
          {version.decided_at ? ` · ${f.date(version.decided_at)}` : ''}
        </dd>
      </>
    );
  if (version.state === 'declined')
    return (
      <>
        <dt className="font-medium">{t('quote.declineReason')}</dt>
        <dd>
          {version.decline_reason ? t(`quote.declineReasons.${version.decline_reason}`) : '—'}
          {version.decline_note ? (
            <>
              {': '}
              <span dir="auto">{version.decline_note}</span>
            </>
          ) : null}
          {version.decided_at ? ` · ${f.date(version.decided_at)}` : ''}
        </dd>
      </>
    );
  return null;
}

/**
 * The versions sent (newest first): number, state in words, total, when sent and until when valid,
 * the buyer's decision; each one's PDF (when the server can make PDFs) and "Re-issue at today's
 * prices" (asked first: it sends a new version to the buyer).
 */
export function QuoteVersions({
  enquiryId,
  versions,
  pdfAvailable,
  onReissued,
}: {
  enquiryId: number;
  versions: QuoteVersionSummary[];
  pdfAvailable: boolean;
  onReissued: (from: number, to: number) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const reissue = useReissueQuote(enquiryId);
  const [target, setTarget] = useState<number | null>(null);
  if (versions.length === 0) return <p className="text-slate-700">{t('quote.noVersions')}</p>;
  return (
    <>
      {pdfAvailable ? null : (
        <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('quote.pdfUnavailable')}
        </p>
      )}
      <ul className="space-y-3" aria-label={t('quote.versions')}>
        {versions.map((version) => {
          const n = f.number(version.number);
          return (
            <li key={version.number} className="rounded border border-slate-300 p-3">
              <h4 className="mb-2 flex flex-wrap items-center gap-2 font-bold">
                {t('quote.versionTitle', { n })}
                <Badge tone={TONES[version.state]}>{t(`quote.states.${version.state}`)}</Badge>
              </h4>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="font-medium">{t('quote.total')}</dt>
                <dd className="tabular-nums">
                  {moneyFigure(version.total, version.currency, f.language)}{' '}
                  {t(`quote.currency.${version.currency}`)}
                </dd>
                <dt className="font-medium">{t('quote.sentAt')}</dt>
                <dd>
                  {f.date(version.sent_at)}
                  {version.sent_by ? (
                    <>
                      {' · '}
                      <span dir="auto">{version.sent_by}</span>
                    </>
                  ) : null}
                </dd>
                <dt className="font-medium">{t('quote.validUntil')}</dt>
                <dd>{f.date(version.valid_until)}</dd>
                <Decision version={version} />
              </dl>
              <div className="mt-2 flex flex-wrap gap-2">
                {pdfAvailable ? (
                  <a
                    href={quotePdfUrl(enquiryId, version.number)}
                    target="_blank"
                    rel="noopener"
                    className="rounded border border-slate-400 px-3 py-1.5 text-sm font-medium text-sky-900 underline hover:bg-slate-100"
                  >
                    {t('quote.openPdf', { n })}
                  </a>
                ) : null}
                {version.state === 'accepted' ? null : (
                  <Button
                    variant={version.state === 'expired' ? 'primary' : 'secondary'}
                    aria-label={t('quote.reissueVersion', { n })}
                    onClick={() => {
                      reissue.reset();
                      setTarget(version.number);
                    }}
                  >
                    {t('quote.reissue')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={t('quote.reissueTitle', { n: f.number(target ?? 0) })}
        description={t('quote.reissueDescription')}
        confirmLabel={t('quote.reissueConfirm')}
        onConfirm={() => {
          if (target === null) return;
          const from = target;
          reissue.mutate(from, {
            onSuccess: (summary) => {
              setTarget(null);
              onReissued(from, summary.number);
            },
          });
        }}
        busy={reissue.isPending}
        error={reissue.error}
      />
    </>
  );
}
