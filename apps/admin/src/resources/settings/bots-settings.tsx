import type { BotChannel, ChannelSettings, UpdateChannelSettingsBody } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Badge, Button, ErrorAlert, SaveStatus, Section } from '../../components/ui.tsx';
import { useCheckBot, useSaveChannels } from './api.ts';
import { SecretField, secretBody, untouched, type SecretEdit } from '../../components/secret-field.tsx';

type Bots = ChannelSettings['bots'];

/** A bot's state and its "Check" button: asks the messenger who the bot is. */
function BotCheck({ channel, bot }: { channel: BotChannel; bot: Bots[BotChannel] }) {
  const { t } = useTranslation();
  const check = useCheckBot();
  const name = t(`channels.names.${channel}`);
  const username = check.data?.bot_username ?? bot.bot_username;
  return (
    <div className="mt-2">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{name}:</span>
        {bot.configured ? (
          <Badge tone="green">{t('channels.configured')}</Badge>
        ) : (
          <Badge>{t('channels.off')}</Badge>
        )}
        {bot.bot_username ? <span dir="ltr">@{bot.bot_username}</span> : null}
        {bot.configured ? (
          <Button disabled={check.isPending} onClick={() => check.mutate(channel)}>
            {t('channels.bots.check', { channel: name })}
          </Button>
        ) : null}
      </p>
      <ErrorAlert error={check.error} />
      <SaveStatus
        message={
          check.isSuccess
            ? username
              ? t('channels.bots.checked', { channel: name, username })
              : t('channels.bots.checkedNoName', { channel: name })
            : null
        }
      />
    </div>
  );
}

/** The Bale and Telegram bots' tokens and Telegram's proxy; what the environment sets is read-only. */
function BotsForm({ bots }: { bots: Bots }) {
  const { t } = useTranslation();
  const save = useSaveChannels();
  const [bale, setBaleState] = useState<SecretEdit>(untouched);
  const [telegram, setTelegramState] = useState<SecretEdit>(untouched);
  const [proxy, setProxyState] = useState<SecretEdit>(untouched);
  // A change after a save takes its "Saved." away until it is saved too.
  const changed = (set: (edit: SecretEdit) => void) => (edit: SecretEdit) => {
    set(edit);
    if (save.isSuccess) save.reset();
  };
  const body = (): UpdateChannelSettingsBody => {
    const baleToken = bots.bale.token_locked ? undefined : secretBody(bale);
    const telegramToken = bots.telegram.token_locked ? undefined : secretBody(telegram);
    const proxyUrl = bots.telegram.proxy_locked ? undefined : secretBody(proxy);
    return {
      bots: {
        ...(baleToken === undefined ? {} : { bale: { token: baleToken } }),
        ...(telegramToken === undefined && proxyUrl === undefined
          ? {}
          : {
              telegram: {
                ...(telegramToken === undefined ? {} : { token: telegramToken }),
                ...(proxyUrl === undefined ? {} : { proxy_url: proxyUrl }),
              },
            }),
      },
    };
  };
  return (
    <Form
      className="space-y-5"
      save={save}
      saved={t('form.saved')}
      onSubmit={() =>
        save.mutate(body(), {
          onSuccess: () => {
            setBaleState(untouched);
            setTelegramState(untouched);
            setProxyState(untouched);
          },
        })
      }
    >
      <fieldset className="max-w-md">
        <legend className="mb-2 font-bold">{t('channels.names.bale')}</legend>
        <SecretField
          label={t('channels.bots.baleToken')}
          current={bots.bale.token}
          locked={bots.bale.token_locked}
          env="BALE_BOT_TOKEN"
          path="bots.bale.token"
          edit={bale}
          onEdit={changed(setBaleState)}
        />
      </fieldset>
      <fieldset className="max-w-md space-y-3">
        <legend className="mb-2 font-bold">{t('channels.names.telegram')}</legend>
        <SecretField
          label={t('channels.bots.telegramToken')}
          current={bots.telegram.token}
          locked={bots.telegram.token_locked}
          env="TELEGRAM_BOT_TOKEN"
          path="bots.telegram.token"
          edit={telegram}
          onEdit={changed(setTelegramState)}
        />
        <SecretField
          label={t('channels.bots.proxyUrl')}
          current={bots.telegram.proxy_url}
          locked={bots.telegram.proxy_locked}
          env="TELEGRAM_PROXY_URL"
          path="bots.telegram.proxy_url"
          edit={proxy}
          onEdit={changed(setProxyState)}
          type="url"
        />
        <p className="text-sm text-slate-700">{t('channels.bots.proxyHint')}</p>
      </fieldset>
      <SubmitButton>{t('form.save')}</SubmitButton>
    </Form>
  );
}

/** The owner's messengers section: the tokens, then each bot's state and check. */
export function BotsSettings({ bots }: { bots: Bots }) {
  const { t } = useTranslation();
  return (
    <Section title={t('channels.bots.title')}>
      <p className="mb-3 text-slate-800">{t('channels.bots.help')}</p>
      <BotsForm bots={bots} />
      <div className="mt-4 border-t border-slate-200 pt-3">
        <BotCheck channel="bale" bot={bots.bale} />
        <BotCheck channel="telegram" bot={bots.telegram} />
      </div>
    </Section>
  );
}
