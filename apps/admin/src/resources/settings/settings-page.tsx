import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorAlert, Loading, PageTitle, Section } from '../../components/ui.tsx';
import { isOwner, useSession } from '../../lib/session.ts';
import { useChannelSettings, useStoreSettings, useWebhooks } from './api.ts';
import { BotsSettings } from './bots-settings.tsx';
import { Deliveries } from './deliveries.tsx';
import { MailStatus } from './mail-status.tsx';
import { MyNotifications } from './my-notifications.tsx';
import { ReviewModeration } from './review-moderation.tsx';
import { SmsSettings } from './sms-settings.tsx';
import { Webhooks } from './webhooks.tsx';

/** The owner's SMS gateway and messenger bots (one query: both come in one answer). */
function ChannelSections() {
  const channels = useChannelSettings();
  const { hash } = useLocation();
  const loaded = channels.data !== undefined;
  // The dashboard's warnings link to #channels or #deliveries: once the sections above them are
  // drawn, the page goes there.
  useEffect(() => {
    if (!loaded || (hash !== '#channels' && hash !== '#deliveries')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <div id="channels">
      {channels.isPending ? <Loading /> : null}
      <ErrorAlert error={channels.error} />
      {channels.data ? (
        <>
          <SmsSettings sms={channels.data.sms} />
          <BotsSettings bots={channels.data.bots} />
        </>
      ) : null}
    </div>
  );
}

/** The owner's webhooks and the delivery history below them ("Deliveries" of a webhook filters it). */
function OwnerSections() {
  const [, setParams] = useSearchParams();
  const webhooks = useWebhooks();
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('quoteSettings.title')}>
        <p className="mb-2">{t('quoteSettings.intro')}</p>
        <Link to="/settings/quotes" className="text-sky-900 underline">
          {t('quoteSettings.open')}
        </Link>
      </Section>
      <ChannelSections />
      <Webhooks
        onShowDeliveries={(id) => {
          setParams(new URLSearchParams({ kind: 'webhook', webhook: String(id) }), {
            preventScrollReset: true,
          });
          document.getElementById('deliveries')?.scrollIntoView();
        }}
      />
      <div id="deliveries">
        <Deliveries webhooks={webhooks.data} />
      </div>
    </>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const owner = isOwner(session.data?.staff.role);
  const settings = useStoreSettings();
  return (
    <div>
      <PageTitle>{t('nav.settings')}</PageTitle>
      <MyNotifications />
      {settings.isPending ? <Loading /> : null}
      <ErrorAlert error={settings.error} />
      {settings.data ? (
        <>
          <ReviewModeration settings={settings.data} owner={owner} />
          <MailStatus mail={settings.data.mail} />
        </>
      ) : null}
      {owner ? <OwnerSections /> : null}
    </div>
  );
}
