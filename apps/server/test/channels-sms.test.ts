import { describe, expect, it } from 'vitest';
import { smsProviderFor } from '../src/modules/channels/sms.ts';
import { smsProviderNames } from '../src/modules/channels/types.ts';

describe('smsProviderFor', () => {
  it('gives each gateway its own adapter, named as in the settings', () => {
    for (const provider of smsProviderNames) {
      const adapter = smsProviderFor({ provider, apiKey: 'k', templates: {} });
      expect(adapter.name).toBe(provider);
      expect(typeof adapter.send).toBe('function');
    }
  });
});
