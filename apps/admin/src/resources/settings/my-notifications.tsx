import type { NotificationPreferences } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Checkbox, ErrorAlert, Loading, Section, SelectField } from '../../components/ui.tsx';
import { useNotifications, useSaveNotifications } from './api.ts';

function NotificationsForm({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation();
  const [prefs, setPrefsState] = useState(initial);
  const save = useSaveNotifications();
  // A change after a save takes its "Saved." away until it is saved too.
  const setPrefs = (next: NotificationPreferences) => {
    setPrefsState(next);
    if (save.isSuccess) save.reset();
  };
  return (
    <Form
      className="space-y-3"
      save={save}
      saved={t('form.saved')}
      onSubmit={() => save.mutate(prefs, { onSuccess: setPrefsState })}
    >
      <SelectField
        label={t('settings.mailLanguage')}
        value={prefs.language}
        path="language"
        className="max-w-xs"
        onChange={(e) => setPrefs({ ...prefs, language: e.target.value as 'fa' | 'en' })}
      >
        <option value="fa">{t('languages.fa')}</option>
        <option value="en">{t('languages.en')}</option>
      </SelectField>
      <Checkbox
        label={t('settings.notifyEnquiries')}
        checked={prefs.notify_enquiries}
        path="notify_enquiries"
        onChange={(on) => setPrefs({ ...prefs, notify_enquiries: on })}
      />
      <Checkbox
        label={t('settings.notifyReviews')}
        checked={prefs.notify_reviews}
        path="notify_reviews"
        onChange={(on) => setPrefs({ ...prefs, notify_reviews: on })}
      />
      <SubmitButton>{t('form.save')}</SubmitButton>
    </Form>
  );
}

/** The signed-in member's own mail: its language, and which news it brings. */
export function MyNotifications() {
  const { t } = useTranslation();
  const prefs = useNotifications();
  return (
    <Section title={t('settings.myNotifications')}>
      {prefs.isPending ? <Loading /> : null}
      <ErrorAlert error={prefs.error} />
      {prefs.data ? <NotificationsForm initial={prefs.data} /> : null}
    </Section>
  );
}
