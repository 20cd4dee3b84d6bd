import type { Product } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { useAuthDialog } from '../../../app/auth-dialog-context.tsx';
import { formatDigits } from '../../../lib/format.ts';
import { useIsSignedIn } from '../../../lib/use-auth.ts';
import { useLanguage } from '../../../lib/use-language.ts';

export const MASKED_PHONE = '*********';

export type PhoneState = { kind: 'none' } | { kind: 'masked' } | { kind: 'shown'; phone: string };

/**
 * The supplier's phone (docs/product.md, Screens): 'no phone submitted' when the supplier has none; the number
 * when the user holds a 'Bearer' token and the API sent it; asterisks otherwise.
 */
export function phoneState(industry: NonNullable<Product['industry']>, signedIn: boolean): PhoneState {
  if (!industry.has_phone) return { kind: 'none' };
  if (signedIn && industry.phone) return { kind: 'shown', phone: industry.phone };
  return { kind: 'masked' };
}

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function SupplierPanel({ industry }: { industry: NonNullable<Product['industry']> }) {
  const { t } = useTranslation('product');
  const lang = useLanguage();
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const phone = phoneState(industry, signedIn);
  const website = industry.website.trim();

  return (
    <section
      aria-labelledby="supplier-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="supplier-panel"
    >
      <h2 id="supplier-heading" className="mb-3 text-base font-bold text-slate-900">
        {t('supplier.heading')}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-slate-700">{t('supplier.name')}</dt>
        <dd className="text-slate-900">{industry.title}</dd>
        <dt className="font-semibold text-slate-700">{t('supplier.website')}</dt>
        <dd className="min-w-0 break-words">
          {website ? (
            <a
              href={websiteHref(website)}
              target="_blank"
              rel="noopener noreferrer"
              dir="ltr"
              className="text-sky-900 underline underline-offset-4 hover:text-sky-950"
            >
              {website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
            </a>
          ) : (
            <span className="text-slate-700">{t('supplier.noWebsite')}</span>
          )}
        </dd>
        <dt className="font-semibold text-slate-700">{t('supplier.phone')}</dt>
        <dd data-testid="supplier-phone" data-phone-state={phone.kind} className="text-slate-900">
          {phone.kind === 'none' && <span className="text-slate-700">{t('supplier.noPhone')}</span>}
          {phone.kind === 'shown' && (
            <a href={`tel:${phone.phone}`} dir="ltr" className="text-sky-900 underline underline-offset-4">
              {formatDigits(phone.phone, lang)}
            </a>
          )}
          {phone.kind === 'masked' && (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span dir="ltr" aria-hidden className="tracking-widest">
                {MASKED_PHONE}
              </span>
              <span className="sr-only">
                {t('supplier.masked')}. {t('supplier.maskedHint')}
              </span>
              {!signedIn && (
                <button
                  type="button"
                  onClick={() => openAuthDialog('login')}
                  className="text-sm font-semibold text-sky-900 underline underline-offset-4 hover:text-sky-950"
                >
                  {t('supplier.logIn')}
                </button>
              )}
            </span>
          )}
        </dd>
      </dl>
    </section>
  );
}
