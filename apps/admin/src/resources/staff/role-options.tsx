import { staffRoles } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';

/** Every role as a choice, named in the staff member's language. */
export function RoleOptions() {
  const { t } = useTranslation();
  return staffRoles.map((r) => (
    <option key={r} value={r}>
      {t(`roles.${r}`)}
    </option>
  ));
}
