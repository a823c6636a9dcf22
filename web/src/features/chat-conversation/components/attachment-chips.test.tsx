import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../uploads-texts';
import { uploadProgress } from '../utils/upload-progress';
import { AttachmentChips } from './attachment-chips';

initI18n();

describe('AttachmentChips', () => {
  afterEach(cleanup);

  it('shows the percentage sent while uploading, then a processing spinner, and cancels by the chip button', () => {
    const onRemove = vi.fn();
    const { report } = uploadProgress.start('u1');
    render(<AttachmentChips uploads={[{ localId: 'u1', kind: 'file', fileName: 'report.pdf', status: 'uploading' }]} onRemove={onRemove} />);
    // before the first progress event the size is unknown
    expect(screen.getByRole('progressbar', { name: 'Uploading report.pdf' }).getAttribute('aria-valuenow')).toBeNull();

    act(() => report({ loaded: 420, total: 1000 }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading report.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuetext')).toBe('42%');
    expect(screen.getByText('42%')).toBeTruthy();

    act(() => report({ loaded: 1000, total: 1000 }));
    expect(screen.getByRole('progressbar', { name: 'Processing report.pdf' }).getAttribute('aria-valuenow')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of report.pdf' }));
    expect(onRemove).toHaveBeenCalledWith('u1');
    act(() => uploadProgress.finish('u1'));
  });

  it('offers Remove once the upload is done', () => {
    render(<AttachmentChips uploads={[{ localId: 'u2', kind: 'file', fileName: 'notes.txt', status: 'ready' }]} onRemove={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Remove notes.txt' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
