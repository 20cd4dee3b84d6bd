import type { EnquiryDetail } from '@storefront/contracts/admin';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  ContactLink,
  EnquiryLinks,
  EnquiryStatusBadge,
  ExternalLink,
  languageName,
  RecordPage,
} from '../../components/sales.tsx';
import { Badge, Section } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { canEditCatalogue, useSession } from '../../lib/session.ts';
import { useEnquiry } from './api.ts';
import { SourceDetails } from '../../components/enquiry-source.tsx';
import { EnquiryTimeline } from './enquiry-timeline.tsx';
import { EnquiryWorkflow } from './enquiry-workflow.tsx';
import { EnquiryThread } from './enquiry-thread.tsx';
import { QuotePanel } from './quote-panel.tsx';

/** The product asked about: on the storefront, in its editor, in the inbox; or what is left of it. */
function ProductLinks({ data }: { data: EnquiryDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const canEdit = canEditCatalogue(session.data?.staff.role);
  const product = data.product;
  if (product)
    return (
      <span className="flex flex-wrap gap-x-3">
        <ExternalLink href={product.storefront_url}>
          <span dir="auto">{product.title}</span>
        </ExternalLink>
        {canEdit ? (
          <Link to={`/products/${product.id}`} className="text-sky-900 underline">
            {t('enquiry.openEditor')}
          </Link>
        ) : null}
        <Link to={`/enquiries?product=${product.id}`} className="text-sky-900 underline">
          {t('enquiry.sameProduct')}
        </Link>
        {product.published ? null : <Badge tone="slate">{t('status.draft')}</Badge>}
      </span>
    );
  if (data.enquiry.product_title)
    return (
      <span dir="auto">
        {data.enquiry.product_title} ({t('enquiry.productGone')})
      </span>
    );
  return <>{t('enquiries.general')}</>;
}

function Request({ data }: { data: EnquiryDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const enquiry = data.enquiry;
  return (
    <Section title={t('enquiry.request')}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">{t('enquiries.date')}</dt>
        <dd>{f.date(enquiry.created_at)}</dd>
        <dt className="font-medium">{t('enquiry.language')}</dt>
        <dd>{languageName(t, enquiry.language)}</dd>
        <dt className="font-medium">{t('enquiries.status')}</dt>
        <dd>
          <EnquiryStatusBadge status={enquiry.status} />
          {enquiry.read ? null : (
            <>
              {' '}
              <Badge>{t('enquiries.unreadMarker')}</Badge>
            </>
          )}
        </dd>
        <dt className="font-medium">{t('enquiries.product')}</dt>
        <dd>
          <ProductLinks data={data} />
        </dd>
        <dt className="font-medium">{t('enquiries.phone')}</dt>
        <dd>
          <ContactLink kind="phone" value={enquiry.phone} action={t('enquiry.call')} />
        </dd>
        <dt className="font-medium">{t('enquiries.email')}</dt>
        <dd>
          <ContactLink kind="email" value={enquiry.email} action={t('enquiry.mail')} />
        </dd>
        {enquiry.user_id !== null ? (
          <>
            <dt className="font-medium">{t('enquiry.account')}</dt>
            <dd>
              <Link to={`/customers/${enquiry.user_id}`} className="text-sky-900 underline">
                {t('enquiry.customer')}
              </Link>
            </dd>
          </>
        ) : null}
        <SourceDetails source={enquiry.source} />
      </dl>
      <h3 className="mt-4 mb-1 font-bold">{t('enquiry.description')}</h3>
      <p dir="auto" className="rounded bg-slate-50 p-3 whitespace-pre-wrap">
        {enquiry.description || '—'}
      </p>
    </Section>
  );
}

/** One enquiry: what was asked, its workflow, its timeline and the same visitor's other enquiries. */
export function EnquiryDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useEnquiry(id);
  const enquiry = detail.data?.enquiry;
  return (
    <RecordPage
      title={enquiry ? t('enquiry.title', { reference: enquiry.reference }) : t('enquiry.titleLoading')}
      back="/enquiries"
      backLabel={t('enquiry.back')}
      query={detail}
    >
      {(data) => (
        <>
          <Request data={data} />
          {/* Another enquiry starts with fresh forms. */}
          <Fragment key={data.enquiry.id}>
            <EnquiryWorkflow detail={data} />
            <EnquiryThread enquiryId={data.enquiry.id} />
            <QuotePanel detail={data} />
            <EnquiryTimeline detail={data} />
          </Fragment>
          <EnquiryLinks title={t('enquiry.others')} rows={data.others} empty={t('enquiry.noOthers')} />
        </>
      )}
    </RecordPage>
  );
}
