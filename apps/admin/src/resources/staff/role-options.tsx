import { staffRoles } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Options } from '../../components/list-controls.tsx';

/** Every role as a choice, named in the staff member's language. */
export function RoleOptions() {
  const { t } = useTranslation();
  return <Options choices={staffRoles.map((r) => [r, t(`roles.${r}`)] as const)} />;
}
