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
