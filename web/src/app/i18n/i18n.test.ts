import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { addTexts, FallbackLanguage, hasText, i18n, initI18n, LanguageStorageKey, t, useTranslation } from './i18n';
import resourceTypes from './i18n-resources.d.ts?raw';

const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;

describe('the i18next set-up', () => {
  it('starts in en-US with the bundled texts, at once, and keeps the language under i18nextLng', async () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.resolvedLanguage).toBe(FallbackLanguage);
    expect(t('common.loading')).not.toBe('common.loading');
    await initI18n();
    expect(localStorage.getItem(LanguageStorageKey)).toBe(i18n.language);
  });

  it("deep-merges a feature's texts without dropping the shipped ones", () => {
    const before = t('common.loading');
    addTexts({ testFeature: { hello: 'Hello there' } });
    addTexts({ testFeature: { bye: 'Bye' } });
    expect(loose('testFeature.hello')).toBe('Hello there');
    expect(loose('testFeature.bye')).toBe('Bye');
    expect(t('common.loading')).toBe(before);
  });

  it('interpolates values, picks English plurals by count and falls back to the default value, then the key', () => {
    addTexts({ testT: { greeting: 'Hi {{name}}, {{name}} <b>!', items_one: '{{count}} item', items_other: '{{count}} items' } });
    expect(loose('testT.greeting', { name: 'Ada' })).toBe('Hi Ada, Ada <b>!');
    expect(loose('testT.items', { count: 1 })).toBe('1 item');
    expect(loose('testT.items', { count: 0 })).toBe('0 items');
    expect(loose('testT.items', { count: 12 })).toBe('12 items');
    expect(loose('testT.missing', { defaultValue: 'fallback {{n}}', n: 2 })).toBe('fallback 2');
    expect(loose('testT.missing')).toBe('testT.missing');
    expect(i18n.exists('testT.items', { count: 2 })).toBe(true);
    expect(i18n.exists('testT.nothing')).toBe(false);
  });

  it('tells a known name from an unknown one before it goes into a key', () => {
    expect(hasText('admin.tabs', 'hipaa')).toBe(true);
    expect(hasText('admin.tabs', 'nothing')).toBe(false);
  });
});

describe('another language', () => {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  afterEach(async () => {
    fetchMock.mockReset();
    await i18n.changeLanguage(FallbackLanguage);
  });
  afterAll(() => vi.unstubAllGlobals());

  it('is fetched from /locales/<lng>.json when chosen, falls back to en-US key by key, and is right-to-left for Arabic', async () => {
    fetchMock.mockResolvedValue(Response.json({ common: { loading: 'جارٍ التحميل' } }));
    const english = t('common.close');
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    await i18n.changeLanguage('ar');
    i18n.off('languageChanged', changed);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/locales/ar.json');
    expect(changed).toHaveBeenCalledWith('ar');
    expect(i18n.resolvedLanguage).toBe('ar');
    expect(i18n.dir()).toBe('rtl');
    expect(t('common.loading')).toBe('جارٍ التحميل');
    expect(t('common.close')).toBe(english);
    expect(localStorage.getItem(LanguageStorageKey)).toBe('ar');
  });

  it('re-renders the components that show texts', async () => {
    fetchMock.mockResolvedValue(Response.json({ common: { loading: 'جارٍ التحميل' } }));
    const Loading = () => createElement('p', null, useTranslation().t('common.loading'));
    render(createElement(Loading));
    const english = t('common.loading');
    expect(screen.getByText(english)).toBeTruthy();
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByText('جارٍ التحميل')).toBeTruthy();
  });

  it('leaves en-US in place when the language has no file', async () => {
    fetchMock.mockResolvedValue(new Response('{"code":"not_found"}', { status: 404 }));
    const english = t('common.loading');
    await i18n.changeLanguage('xx');
    expect(fetchMock).toHaveBeenCalled();
    expect(i18n.resolvedLanguage).toBe(FallbackLanguage);
    expect(i18n.dir(i18n.resolvedLanguage)).toBe('ltr');
    expect(t('common.loading')).toBe(english);
  });

  it('reads the bundled texts for other English variants without a request', async () => {
    await i18n.changeLanguage('en-GB');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(i18n.resolvedLanguage).toBe(FallbackLanguage);
  });
});

describe('typed keys', () => {
  // Compiled by `npm run typecheck` (web/tsconfig.json includes this file): if the keys stopped being typed,
  // the expected errors would be missing and the typecheck would fail.
  it("come from every feature's texts", () => {
    const featureTexts = Object.keys(import.meta.glob('../../**/*.texts.json'));
    expect(featureTexts.length).toBeGreaterThan(10);
    for (const file of featureTexts) expect(resourceTypes, `${file} is missing from i18n-resources.d.ts`).toContain(`'${file}'`);
  });

  it('refuse a misspelt or missing key', () => {
    // @ts-expect-error -- misspelt key
    expect(t('common.lodaing')).toBe('common.lodaing');
    // @ts-expect-error -- a group, not a text
    t('common');
    const tab: string = 'hipaa';
    // @ts-expect-error -- a name the app does not choose must be narrowed first (hasText)
    t(`admin.tabs.${tab}`);
    if (hasText('admin.tabs', tab)) expect(t(`admin.tabs.${tab}`)).toBe('HIPAA');
  });
});
