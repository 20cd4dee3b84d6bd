import { useTranslation } from 'react-i18next';
import { Loading, PageTitle, Section } from '../../components/ui.tsx';
import { useSession } from '../../lib/session.ts';
import { MyChannels } from './my-channels.tsx';
import { Sessions } from './sessions.tsx';
import { TwoFactor } from './two-factor.tsx';

export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const staff = session.data?.staff;
  if (!staff) return <Loading />;
  return (
    <div>
      <PageTitle>{t('account.title')}</PageTitle>
      <Section title={t('account.profile')}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t('staff.name')}</dt>
          <dd>{staff.name}</dd>
          <dt className="font-medium">{t('signIn.email')}</dt>
          <dd>
            <span dir="ltr">{staff.email}</span>
          </dd>
          <dt className="font-medium">{t('staff.role')}</dt>
          <dd>{t(`roles.${staff.role}`)}</dd>
        </dl>
      </Section>
      <MyChannels />
      <TwoFactor />
      <Sessions />
    </div>
  );
}
