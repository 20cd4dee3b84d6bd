import type { ChannelSettings } from '@storefront/contracts/admin';

/** SMS and the bots as a store that has set up nothing yet sees them. */
export function channelSettings(overrides: { sms?: Partial<ChannelSettings['sms']> } = {}): ChannelSettings {
  return {
    sms: {
      configured: false,
      provider: null,
      provider_locked: false,
      api_key: null,
      api_key_locked: false,
      sender: '',
      sender_locked: false,
      base_url: null,
      templates: {},
      templates_locked: false,
      balance: null,
      pending: 0,
      failed: 0,
      last_error: null,
      ...overrides.sms,
    },
    bots: {
      bale: { configured: false, token: null, token_locked: false, bot_username: null },
      telegram: {
        configured: false,
        token: null,
        token_locked: false,
        proxy_url: null,
        proxy_locked: false,
        bot_username: null,
      },
    },
  };
}
