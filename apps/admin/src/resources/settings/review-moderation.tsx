import type { Settings } from '@storefront/contracts/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Form, SubmitButton } from '../../components/form.tsx';
import { Section } from '../../components/ui.tsx';
import { useSaveModeration } from './api.ts';

/** Whether a new review is published at once or held: the owner changes it, others read it. */
export function ReviewModeration({ settings, owner }: { settings: Settings; owner: boolean }) {
  const { t } = useTranslation();
  const groupId = useId();
  // The owner's choice until it is saved; before a choice (and after the save) the stored setting.
  // The section stays mounted across its own save, so its "saved" stays in view.
  const [picked, setPicked] = useState<Settings['reviews'] | null>(null);
  const choice = picked ?? settings.reviews;
  const save = useSaveModeration();
  return (
    <Section title={t('settings.moderation')}>
      {owner ? (
        <Form
          save={save}
          saved={t('form.saved')}
          onSubmit={() => save.mutate(choice, { onSuccess: () => setPicked(null) })}
        >
          <Field path="reviews">
            {(control) => (
              <fieldset {...control}>
                <legend id={groupId} className="mb-1 font-medium">
                  {t('settings.moderationQuestion')}
                </legend>
                {(['publish', 'hold'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 py-1">
                    <input
                      type="radio"
                      name={`${groupId}-reviews`}
                      value={value}
                      checked={choice === value}
                      onChange={() => {
                        setPicked(value);
                        save.reset();
                      }}
                      className="accent-sky-800"
                    />
                    {t(`settings.reviews.${value}`)}
                  </label>
                ))}
              </fieldset>
            )}
          </Field>
          <SubmitButton className="mt-2">{t('form.save')}</SubmitButton>
        </Form>
      ) : (
        <>
          <p>{t(`settings.reviews.${settings.reviews}`)}</p>
          <p className="mt-1 text-sm text-slate-800">{t('settings.ownerOnly')}</p>
        </>
      )}
    </Section>
  );
}
