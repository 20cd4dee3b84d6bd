import { useTranslation } from 'react-i18next';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { useAboutUs } from './api/get-about-us.ts';

export default function AboutUsPage() {
  const { t } = useTranslation('pages');
  const about = useAboutUs();
  const content = about.data?.[0]?.content;
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('about.title') }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('about.title')}</h1>
      {about.isPending ? (
        <>
          <LoadingNote />
          <Skeleton className="h-48 w-full max-w-3xl" />
        </>
      ) : about.isError ? (
        <ErrorPanel error={about.error} onRetry={() => void about.refetch()} />
      ) : content ? (
        <SafeHtml html={content} className="max-w-3xl leading-8 text-slate-800" />
      ) : (
        <p className="text-slate-700">{t('about.noInfo')}</p>
      )}
    </PageMain>
  );
}
