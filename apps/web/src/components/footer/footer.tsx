import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYear } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { useCollections } from '../../lib/api/get-collections.ts';
import { collectionPath } from '../header/mega-menu.tsx';
import { LinkedInIcon, YouTubeIcon } from '../icons.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

export const SOCIAL_LINKS = {
  linkedin: 'https://www.linkedin.com/company/aria-pars-trading',
  youtube: 'https://www.youtube.com/@ariaparstrading',
};

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The footer's categories (`?footer=yes`); the language is in the key, so they reload on a switch.
  const categories = useCollections({ footer: true });

  const heading = 'mb-3 text-base font-bold text-white';
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            {t('footer.contactUs')}
          </h2>
          <address className="space-y-2 text-sm not-italic">
            <p>
              <span className="text-slate-400">{t('footer.addressLabel')}: </span>
              {t('footer.address')}
            </p>
            <p>
              <span className="text-slate-400">{t('footer.phoneLabel')}: </span>
              <a href="tel:+982188776655" className="underline-offset-4 hover:underline">
                <bdi dir="ltr">{t('footer.phone')}</bdi>
              </a>
            </p>
            <p>
              <span className="text-slate-400">{t('footer.emailLabel')}: </span>
              <a href="mailto:info@ariapars.example" className="underline-offset-4 hover:underline">
                <bdi>info@ariapars.example</bdi>
              </a>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={heading}>
            {t('footer.social')}
          </h2>
          <ul className="flex gap-3">
            <li>
              <a
                href={SOCIAL_LINKS.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm hover:bg-slate-700"
              >
                <LinkedInIcon />
                {t('footer.linkedin')}
                <span className="sr-only"> {t('footer.opensInNewTab')}</span>
              </a>
            </li>
            <li>
              <a
                href={SOCIAL_LINKS.youtube}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm hover:bg-slate-700"
              >
                <YouTubeIcon />
                {t('footer.youtube')}
                <span className="sr-only"> {t('footer.opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </section>
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
                  <Link to={collectionPath(collection.title)} className="underline-offset-4 hover:underline">
                    {collection.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <NewsletterForm />
        </section>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t('footer.rights', { year: formatYear(new Date(), lang) })}
      </p>
    </footer>
  );
}
