import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { BrandColourField } from './brand-colour-field';

vi.mock('../../../app/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (k: string, o?: { name?: string }) => (o?.name ? `${k}:${o.name}` : k) }),
}));

afterEach(cleanup);

function Harness({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState('#1d4ed8');
  return (
    <BrandColourField
      name="primary"
      label="Primary"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('BrandColourField', () => {
  it('passes on only valid hex colours typed into the text field, and shows an error for the rest', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const text = screen.getByLabelText('Primary');
    fireEvent.change(text, { target: { value: '#12' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('adminBrands.invalidColour')).toBeTruthy();
    fireEvent.change(text, { target: { value: '#123abc' } });
    expect(onChange).toHaveBeenLastCalledWith('#123abc');
    expect(screen.queryByText('adminBrands.invalidColour')).toBeNull();
  });

  it('keeps the picker and the text in step, expanding short colours for the picker', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const picker = screen.getByLabelText('adminBrands.colours.pick:Primary') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('Primary'), { target: { value: '#abc' } });
    expect(picker.value).toBe('#aabbcc');
    fireEvent.input(picker, { target: { value: '#00ff00' } });
    fireEvent.change(picker, { target: { value: '#00ff00' } });
    expect(onChange).toHaveBeenLastCalledWith('#00ff00');
    expect((screen.getByLabelText('Primary') as HTMLInputElement).value).toBe('#00ff00');
  });
});
