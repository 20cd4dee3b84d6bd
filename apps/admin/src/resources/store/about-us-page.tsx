import { useTranslation } from 'react-i18next';
import { EntityForm } from '../../components/entity-form.tsx';
import { TranslatedRichText } from '../../components/rich-text.tsx';
import { Section } from '../../components/ui.tsx';
import { aboutUsSource, type AboutUsEntity } from './api.ts';
import { TeamField } from './team-field.tsx';

/** The about-us page: its text and its team, saved together with the page's version. */
export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <EntityForm<AboutUsEntity>
      {...aboutUsSource}
      initial={() => ({ content: { fa: '' }, team: [] })}
      heading={t('nav.aboutUs')}
    >
      {(e, update, field) => (
        <>
          <Section title={t('form.details')}>
            <TranslatedRichText {...field('content')} />
          </Section>
          <TeamField value={e.team} onChange={(team) => update({ team })} />
        </>
      )}
    </EntityForm>
  );
}
