import Bowser from 'bowser';
import type { TFunction } from 'i18next';
import { formatNumber } from './format.ts';
import type { Language } from './i18n.ts';

export interface Device {
  /** The browser's name as bowser spells it ("Chrome", "Microsoft Edge"), or ''. */
  browser: string;
  /** The browser's major version, or null. */
  version: number | null;
  /** The operating system ("Windows", "macOS", "Android"), or ''. */
  system: string;
}

/** The browser and system of a session's user agent (parsed here, in the back office). */
export function parseUserAgent(userAgent: string): Device {
  if (!userAgent) return { browser: '', version: null, system: '' };
  const parser = Bowser.getParser(userAgent);
  const major = Number.parseInt(parser.getBrowserVersion() ?? '', 10);
  return {
    browser: parser.getBrowserName() ?? '',
    version: Number.isFinite(major) ? major : null,
    system: parser.getOSName() ?? '',
  };
}

/** "Chrome 131 on Windows" / «کروم ۱۳۱ روی ویندوز»; names without a translation stay as they are. */
export function deviceLabel(userAgent: string, t: TFunction, language: Language): string {
  const device = parseUserAgent(userAgent);
  if (!device.browser && !device.system) return t('device.unknown');
  const browserName = device.browser
    ? t(`device.browsers.${device.browser}`, { defaultValue: device.browser })
    : t('device.unknown');
  const browser =
    device.version === null ? browserName : `${browserName} ${formatNumber(device.version, language)}`;
  if (!device.system) return browser;
  const system = t(`device.systems.${device.system}`, { defaultValue: device.system });
  return t('device.browserOnSystem', { browser, system });
}
