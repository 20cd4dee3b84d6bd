import { ghasedak } from './ghasedak.ts';
import { ippanel } from './ippanel.ts';
import { kavenegar } from './kavenegar.ts';
import { melipayamak } from './melipayamak.ts';
import { smsir } from './smsir.ts';
import type { SmsProvider, SmsProviderName, SmsSettings } from './types.ts';

type Factory = (settings: SmsSettings, options?: { timeoutMs?: number }) => SmsProvider;

/** Each gateway's adapter by its settings name: adding a provider is a file and a line here (docs/server.md). */
const factories: Record<SmsProviderName, Factory> = { kavenegar, smsir, melipayamak, ghasedak, ippanel };

/** The adapter for a gateway as it is set up. */
export function smsProviderFor(settings: SmsSettings, options?: { timeoutMs?: number }): SmsProvider {
  return factories[settings.provider](settings, options);
}
