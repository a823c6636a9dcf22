import { describe, expect, it } from 'vitest';
import { addTexts, initI18n } from './i18n';

describe('addTexts', () => {
  it('merges a feature\'s texts without dropping the shipped ones', () => {
    const i18n = initI18n();
    const before = i18n.t('common.loading');
    addTexts({ testFeature: { hello: 'Hello there' } });
    expect(i18n.t('testFeature.hello')).toBe('Hello there');
    expect(i18n.t('common.loading')).toBe(before);
  });
});

describe('t', () => {
  it('interpolates values, picks English plurals by count and falls back to the default value, then the key', () => {
    const i18n = initI18n();
    addTexts({ testT: { greeting: 'Hi {{name}}, {{name}}!', items_one: '{{count}} item', items_other: '{{count}} items', plain: 'no plural forms' } });
    expect(i18n.t('testT.greeting', { name: 'Ada' })).toBe('Hi Ada, Ada!');
    expect(i18n.t('testT.items', { count: 1 })).toBe('1 item');
    expect(i18n.t('testT.items', { count: 0 })).toBe('0 items');
    expect(i18n.t('testT.items', { count: 12 })).toBe('12 items');
    expect(i18n.t('testT.plain', { count: 3 })).toBe('no plural forms');
    expect(i18n.t('testT.greeting')).toBe('Hi {{name}}, {{name}}!');
    expect(i18n.t('testT.missing', { defaultValue: 'fallback {{n}}', n: 2 })).toBe('fallback 2');
    expect(i18n.t('testT.missing')).toBe('testT.missing');
    expect(i18n.t('testT')).toBe('testT');
    expect(i18n.exists('testT.items')).toBe(true);
    expect(i18n.exists('testT.nothing')).toBe(false);
  });
});
