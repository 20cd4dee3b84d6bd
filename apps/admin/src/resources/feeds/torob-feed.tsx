import type { FeedSettings, PriceOnRequestChoice } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Section } from '../../components/ui.tsx';
import { useSaveFeeds } from './api.ts';
import { FeedAddress, FeedSwitch, LastRequests, PriceOnRequestField } from './feed-parts.tsx';

/** Torob's product API: on or off, price on request, where Torob calls, which key checks its tokens. */
export function TorobFeed({ torob }: { torob: FeedSettings['torob'] }) {
  const { t } = useTranslation();
  const save = useSaveFeeds();
  const [enabled, setEnabledState] = useState(torob.enabled);
  const [priceOnRequest, setPriceOnRequestState] = useState(torob.price_on_request);
  // A change after a save takes its "Saved." away until it is saved too.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (save.isSuccess) save.reset();
    };
  return (
    <Section title={t('feeds.names.torob')}>
      <Form
        className="space-y-4"
        save={save}
        saved={t('form.saved')}
        fieldsOnly
        onSubmit={() =>
          save.mutate(
            { torob: { enabled, price_on_request: priceOnRequest } },
            {
              onSuccess: (answer) => {
                setEnabledState(answer.torob.enabled);
                setPriceOnRequestState(answer.torob.price_on_request);
              },
            },
          )
        }
      >
        <FeedSwitch
          feed="torob"
          checked={enabled}
          saved={torob.enabled}
          onChange={changed(setEnabledState)}
          path="torob.enabled"
        />
        <PriceOnRequestField
          feed="torob"
          value={priceOnRequest}
          onChange={changed<PriceOnRequestChoice>(setPriceOnRequestState)}
          path="torob.price_on_request"
        />
        <SubmitButton>{t('form.save')}</SubmitButton>
      </Form>
      <FeedAddress
        feed="torob"
        id="torob-address"
        label={t('feeds.address', { name: t('feeds.names.torob') })}
        url={torob.url}
        path={torob.path}
      />
      <dl className="mt-3">
        <dt className="font-medium">{t('feeds.key.label')}</dt>
        <dd>
          {t(`feeds.key.${torob.key}`)}
          <p className="text-sm text-slate-700">{t('feeds.key.hint')}</p>
        </dd>
      </dl>
      <LastRequests feed="torob" requests={torob.last_requests} />
    </Section>
  );
}
