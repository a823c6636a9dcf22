import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../state/settings.slice';
import { createBrandTheme, fallbackBrandTheme } from './create-brand-theme';

const brand = {
  ...fallbackBrandTheme,
  primary: '#c2185b',
  secondary: '#00796b',
  info: '#0277bd',
  success: '#2e7d32',
  warning: '#ef6c00',
  error: '#c62828',
  menu: '#102027',
  menuTextPrimary: '#eceff1',
  textPrimary: '#212121',
  textSecondary: '#616161',
  textDisabled: '#9e9e9e',
};

describe('createBrandTheme', () => {
  it('takes every palette colour from the brand', () => {
    const { palette } = createBrandTheme(brand, defaultSettings);
    expect(palette.primary.main).toBe('#c2185b');
    expect(palette.secondary.main).toBe('#00796b');
    expect([palette.info.main, palette.success.main, palette.warning.main, palette.error.main]).toEqual(['#0277bd', '#2e7d32', '#ef6c00', '#c62828']);
    expect(palette.text).toMatchObject({ primary: '#212121', secondary: '#616161', disabled: '#9e9e9e' });
    expect(palette.menu).toEqual({ main: '#102027', text: '#eceff1' });
  });

  it('draws gradient buttons from primary to secondary only when the brand asks for them', () => {
    const plain = createBrandTheme(brand, defaultSettings).components?.MuiButton?.styleOverrides?.containedPrimary;
    expect(plain).toEqual({});
    const gradient = createBrandTheme({ ...brand, useGradientButtons: true }, defaultSettings).components?.MuiButton?.styleOverrides?.containedPrimary;
    expect(gradient).toEqual({ backgroundImage: 'linear-gradient(135deg, #c2185b 0%, #00796b 100%)' });
  });

  it("takes the document's direction, the setting's by default", () => {
    expect(createBrandTheme(brand, defaultSettings).direction).toBe('ltr');
    expect(createBrandTheme(brand, defaultSettings, 'rtl').direction).toBe('rtl');
    expect(createBrandTheme(brand, { ...defaultSettings, themeDirection: 'rtl' }).direction).toBe('rtl');
  });

  it('uses the fallback theme until a brand arrives', () => {
    expect(createBrandTheme(undefined, defaultSettings).palette.primary.main).toBe(fallbackBrandTheme.primary);
  });
});
