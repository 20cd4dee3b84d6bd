import type { EnquiryDetail } from '@storefront/contracts/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Loading, SaveStatus, Section } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { productPriceQuery, quoteKeys, useEnquiryQuote, useQuoteVersion } from './quote-api.ts';
import { QuoteEditor } from './quote-editor.tsx';
import { formFromDefaults, formFromDraft, storedDraft, type QuoteForm } from './quote-model.ts';
import { QuoteVersions } from './quote-versions.tsx';

/**
 * The enquiry's quote (owner and sales, as the enquiry page): the editor and the versions sent. The
 * editor starts from the saved draft, else from the newest version sent, else from the store's
 * defaults with the product asked about as its first line; it starts again after a discard or a
 * re-issue (the server's draft changed under it).
 */
export function QuotePanel({ detail }: { detail: EnquiryDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const id = detail.enquiry.id;
  const quote = useEnquiryQuote(id);
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const data = quote.data;
  const draft = data ? storedDraft(data.draft) : null;
  const newest = data && !draft && data.versions.length > 0 ? data.versions[0]!.number : null;
  const version = useQuoteVersion(id, newest);
  // A first quote starts with the product asked about, at its start price (in Rials, none when it
  // shows none).
  const firstProduct = data && !draft && newest === null ? (detail.product?.id ?? null) : null;
  const price = useQuery({
    ...productPriceQuery(firstProduct ?? 0),
    enabled: firstProduct !== null,
  });

  /** The quote asked again, then the editor started afresh from it. */
  const restart = async (message: string | null) => {
    await client.refetchQueries({ queryKey: quoteKeys.quote(id) });
    setGeneration((g) => g + 1);
    setStatus(message);
  };

  // The editor's first state, taken once per start: a refetch while editing (after a send) never
  // replaces what is being typed.
  const [initial, setInitial] = useState<{ generation: number; form: QuoteForm } | null>(null);
  const productWaiting = firstProduct !== null && price.isPending;
  const ready =
    data !== undefined &&
    (newest === null || version.data !== undefined || version.isError) &&
    !productWaiting;
  if (data && ready && initial?.generation !== generation) {
    const form = draft
      ? formFromDraft(draft, data.buyer, f.language)
      : version.data
        ? formFromDraft(version.data.snapshot.draft, data.buyer ?? version.data.snapshot.buyer, f.language)
        : formFromDefaults(
            data.defaults,
            f.language,
            {
              product_id: detail.product?.id ?? null,
              title: detail.product?.title ?? detail.enquiry.product_title,
              rials: price.data?.rials ?? null,
            },
            detail.enquiry.phone,
          );
    setInitial({ generation, form });
  }

  return (
    <Section title={t('quote.title')}>
      {quote.isPending ? <Loading /> : null}
      <ErrorAlert error={quote.error} />
      <SaveStatus message={status} />
      {initial?.generation === generation ? (
        <QuoteEditor
          key={generation}
          enquiryId={id}
          initial={initial.form}
          quoteLanguage={detail.enquiry.language}
          hasDraft={draft !== null}
          onDiscarded={() => void restart(t('quote.discarded'))}
          onSent={() => setStatus(null)}
        />
      ) : null}
      {data ? (
        <div className="mt-6">
          <h3 className="mb-2 font-bold">{t('quote.versions')}</h3>
          <QuoteVersions
            enquiryId={id}
            versions={data.versions}
            pdfAvailable={data.pdf_available}
            onReissued={(from, to) =>
              void restart(t('quote.reissued', { from: f.number(from), to: f.number(to) }))
            }
          />
        </div>
      ) : null}
    </Section>
  );
}
