import { describe, expect, it, vi } from 'vitest';
import { UploadProgressStore, uploadPercent } from './upload-progress';

describe('uploadPercent', () => {
  it('gives whole percent rounded down, 100 only when every byte went out', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(425, 1000)).toBe(42);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    // multipart framing can make loaded exceed the file's size
    expect(uploadPercent(1200, 1000)).toBe(100);
  });

  it('is unknown when the browser cannot tell the length', () => {
    expect(uploadPercent(500, 0)).toBeNull();
    expect(uploadPercent(Number.NaN, 100)).toBeNull();
  });
});

describe('UploadProgressStore', () => {
  it('tells listeners only when the whole percent changes', () => {
    const store = new UploadProgressStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const { report } = store.start('a');
    expect(store.percent('a')).toBeNull();
    report({ loaded: 100, total: 1000 });
    report({ loaded: 105, total: 1000 });
    report({ loaded: 109, total: 1000 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.percent('a')).toBe(10);
    report({ loaded: 500, total: 0 });
    expect(store.percent('a')).toBe(10);
    report({ loaded: 1000, total: 1000 });
    expect(store.percent('a')).toBe(100);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets an upload when it ends and ignores its late progress', () => {
    const store = new UploadProgressStore();
    const { report } = store.start('a');
    report({ loaded: 1, total: 2 });
    store.finish('a');
    expect(store.percent('a')).toBeNull();
    report({ loaded: 2, total: 2 });
    expect(store.percent('a')).toBeNull();
  });

  it('aborts the uploads whose chip is gone and keeps the others', () => {
    const store = new UploadProgressStore();
    const a = store.start('a');
    const b = store.start('b');
    store.retainOnly(new Set(['b']));
    expect(a.signal.aborted).toBe(true);
    expect(b.signal.aborted).toBe(false);
    store.retainOnly(new Set());
    expect(b.signal.aborted).toBe(true);
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = new UploadProgressStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.start('a').report({ loaded: 1, total: 2 });
    expect(listener).not.toHaveBeenCalled();
  });
});
