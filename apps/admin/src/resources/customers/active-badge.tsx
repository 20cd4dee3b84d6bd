import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui.tsx';

/** Whether a customer's account may sign in. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge tone="green">{t('staff.active')}</Badge>
  ) : (
    <Badge tone="slate">{t('staff.disabled')}</Badge>
  );
}
