import { describe, expect, it } from 'vitest';
import { tokensOf, usageLimitSettingsOf, usageLimitsValid, usageLimitValuesOf } from './usage-limits-fields';

describe('the usage limits of an agent draft', () => {
  it('round-trips the settings, empty numbers and messages as null, fields it does not show kept', () => {
    const before = { limitTokens: true, tokensPerDay: 500000000, tokensPerUserPerDay: null, thresholdTokensPerDayMessage: 'Busy today.', extra: 1 };
    const values = usageLimitValuesOf(before);
    expect(values).toEqual({
      limitTokens: true,
      tokensPerDay: '500000000',
      tokensPerUserPerDay: '',
      messages: {
        thresholdTokensPerDayMessage: 'Busy today.',
        thresholdTokensPerUserPerDayMessage: '',
        limitReachedTokensPerDayMessage: '',
        limitReachedTokensPerUserPerDayMessage: '',
      },
    });
    expect(usageLimitSettingsOf({ ...values, tokensPerUserPerDay: '1,000' }, before)).toEqual({
      limitTokens: true,
      tokensPerDay: 500000000,
      tokensPerUserPerDay: 1000,
      thresholdTokensPerDayMessage: 'Busy today.',
      thresholdTokensPerUserPerDayMessage: null,
      limitReachedTokensPerDayMessage: null,
      limitReachedTokensPerUserPerDayMessage: null,
      extra: 1,
    });
    expect(usageLimitValuesOf(null).limitTokens).toBe(false);
  });

  it('takes whole tokens only', () => {
    expect(tokensOf('')).toBeNull();
    expect(tokensOf('1 000')).toBe(1000);
    expect(tokensOf('2.5')).toBeNaN();
    expect(tokensOf('-1')).toBeNaN();
    expect(usageLimitsValid(usageLimitValuesOf({ limitTokens: true, tokensPerDay: 5 }))).toBe(true);
    expect(usageLimitsValid({ ...usageLimitValuesOf(null), tokensPerDay: 'lots' })).toBe(false);
  });
});
