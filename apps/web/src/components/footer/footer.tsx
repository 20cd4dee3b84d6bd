import type { SocialNetwork } from '@storefront/contracts';
import { useTranslation } from '../../app/translate.tsx';
import { Link } from 'react-router';
import { formatDigits, formatYear } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { useCollections } from '../../lib/api/get-collections.ts';
import { useStoreIdentity, useStoreName } from '../../lib/api/get-store-identity.ts';
import { collectionPath } from '../header/mega-menu.tsx';
import { GlobeIcon, LinkedInIcon, YouTubeIcon } from '../icons.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { Island } from '../../app/islands.tsx';

const ICONS: Partial<Record<SocialNetwork, typeof GlobeIcon>> = {
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
};

/** `tel:` of an Iranian number as written (`021-1234 5678`, Persian digits) in international form. */
export function telHref(phone: string): string {
  const digits = phone
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `tel:+98${digits.slice(1)}`;
  return `tel:${digits}`;
}

/** The footer: the store's contacts and social links as its owner set them, categories, newsletter. */
export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The footer's categories (`?footer=yes`); the language is in the key, so they reload on a switch.
  const categories = useCollections({ footer: true });
  const identity = useStoreIdentity().data;
  const name = useStoreName();

  const heading = 'mb-3 text-base font-bold text-white';
  const link = 'underline-offset-4 hover:underline';
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            {t('footer.contactUs')}
          </h2>
          <address className="space-y-2 text-sm not-italic">
            {identity?.address ? (
              <p>
                <span className="text-slate-400">{t('footer.addressLabel')}: </span>
                {identity.address}
                {identity.map_url ? (
                  <>
                    {' '}
                    <a
                      href={identity.map_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`${link} text-sky-300`}
                    >
                      {t('footer.map')}
                      <span className="sr-only"> {t('footer.opensInNewTab')}</span>
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
            {identity?.phones.map((phone) => (
              <p key={phone}>
                <span className="text-slate-400">{t('footer.phoneLabel')}: </span>
                <a href={telHref(phone)} className={link}>
                  <bdi dir="ltr">{formatDigits(phone, lang)}</bdi>
                </a>
              </p>
            ))}
            {identity?.email ? (
              <p>
                <span className="text-slate-400">{t('footer.emailLabel')}: </span>
                <a href={`mailto:${identity.email}`} className={link}>
                  <bdi>{identity.email}</bdi>
                </a>
              </p>
            ) : null}
            {identity?.hours ? (
              <p>
                <span className="text-slate-400">{t('footer.hoursLabel')}: </span>
                {identity.hours}
              </p>
            ) : null}
          </address>
        </section>
        {identity && identity.social.length > 0 ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className={heading}>
              {t('footer.social')}
            </h2>
            <ul className="flex flex-wrap gap-3">
              {identity.social.map(({ network, url }) => {
                const Icon = ICONS[network] ?? GlobeIcon;
                return (
                  <li key={network}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm hover:bg-slate-700"
                    >
                      <Icon />
                      {t(`footer.networks.${network}`)}
                      <span className="sr-only"> {t('footer.opensInNewTab')}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={heading}>
            {t('footer.categories')}
          </h2>
          {categories.isPending ? (
            <ul className="space-y-2" aria-hidden>
              {[1, 2, 3].map((n) => (
                <li key={n} className="h-4 w-40 animate-pulse rounded bg-slate-700" />
              ))}
            </ul>
          ) : categories.isError ? (
            <p className="text-sm text-amber-200">{t('nav.categoriesFailed')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {categories.data.map((collection) => (
                <li key={collection.id}>
                  <Link to={collectionPath(collection.title)} className={link}>
                    {collection.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <Island name="newsletter">
            <NewsletterForm />
          </Island>
        </section>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t('footer.rights', { year: formatYear(new Date(), lang), name })}
      </p>
    </footer>
  );
}
