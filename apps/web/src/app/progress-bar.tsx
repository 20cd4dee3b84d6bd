import { useTranslation } from './translate.tsx';
import { useNavigation } from 'react-router';

/** A slim bar at the top while a route (and its chunk) loads. */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('pageLoading')}
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-sky-100"
    >
      <div className="progress-indeterminate h-full w-1/3 bg-sky-700" />
    </div>
  );
}
