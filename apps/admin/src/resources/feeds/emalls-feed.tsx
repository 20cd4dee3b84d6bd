import type { FeedSettings, PriceOnRequestChoice, UpdateFeedSettingsBody } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Section } from '../../components/ui.tsx';
import { useSaveFeeds } from './api.ts';
import { FeedAddress, FeedSwitch, LastRequests, PriceOnRequestField } from './feed-parts.tsx';
import { SecretField, secretBody, untouched, type SecretEdit } from '../../components/secret-field.tsx';

/** The words for each of Emalls' addresses, in the server's order (ours, then its plugin's). */
const addressLabels = ['feeds.emallsAddress', 'feeds.emallsPluginAddress'] as const;

/** Emalls' extractor: on or off (only with a token), price on request, its addresses and token. */
export function EmallsFeed({ emalls }: { emalls: FeedSettings['emalls'] }) {
  const { t } = useTranslation();
  const save = useSaveFeeds();
  const [enabled, setEnabledState] = useState(emalls.enabled);
  const [priceOnRequest, setPriceOnRequestState] = useState(emalls.price_on_request);
  const [token, setTokenState] = useState<SecretEdit>(untouched);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (save.isSuccess) save.reset();
    };
  const body = (): UpdateFeedSettingsBody => {
    const newToken = secretBody(token);
    return {
      emalls: {
        // Removing the token turns the feed off on the server; sending "on" with it would be refused.
        ...(newToken === null ? {} : { enabled }),
        price_on_request: priceOnRequest,
        ...(newToken === undefined ? {} : { token: newToken }),
      },
    };
  };
  return (
    <Section title={t('feeds.names.emalls')}>
      <Form
        className="space-y-4"
        save={save}
        saved={t('form.saved')}
        fieldsOnly
        onSubmit={() =>
          save.mutate(body(), {
            onSuccess: (answer) => {
              // The token typed is gone from the page once saved: only its masked form comes back.
              setTokenState(untouched);
              setEnabledState(answer.emalls.enabled);
              setPriceOnRequestState(answer.emalls.price_on_request);
            },
          })
        }
      >
        <FeedSwitch
          feed="emalls"
          checked={enabled}
          saved={emalls.enabled}
          onChange={changed(setEnabledState)}
          path="emalls.enabled"
        />
        <div className="max-w-md">
          <SecretField
            label={t('feeds.token.label')}
            current={emalls.token}
            path="emalls.token"
            edit={token}
            onEdit={changed(setTokenState)}
            emptyHint={t('feeds.token.hint')}
            removeNote={t('feeds.token.willRemove')}
            actionLabels={{ remove: t('feeds.token.removeLabel'), keep: t('feeds.token.keepLabel') }}
          />
        </div>
        <PriceOnRequestField
          feed="emalls"
          value={priceOnRequest}
          onChange={changed<PriceOnRequestChoice>(setPriceOnRequestState)}
          path="emalls.price_on_request"
        />
        <SubmitButton>{t('form.save')}</SubmitButton>
      </Form>
      {emalls.paths.map((path, index) => (
        <FeedAddress
          key={path}
          feed="emalls"
          id={`emalls-address-${index}`}
          label={t(addressLabels[index] ?? 'feeds.emallsAddress', { name: t('feeds.names.emalls') })}
          url={emalls.urls[index] ?? null}
          path={path}
        />
      ))}
      <LastRequests feed="emalls" requests={emalls.last_requests} />
    </Section>
  );
}
