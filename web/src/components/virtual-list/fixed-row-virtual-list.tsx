// A scrolling list of equal-height rows that keeps only the rows in view, plus `overscan` rows either
// side, in the DOM. The sidebar's history needs nothing more (SPEC §2: rows of 38 px, overscan 2), and
// this replaced react-virtuoso, 19 kB gzipped of the chat route's 200 kB budget. Rows are absolutely
// positioned in a spacer as tall as all rows, so the scroll bar is true at any count.
import { type CSSProperties, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface VisibleRange {
  /** first and last index at least partly in view (not counting overscan) */
  startIndex: number;
  endIndex: number;
}

interface FixedRowVirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** extra rows rendered above and below the viewport */
  overscan: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** after scrolling or resizing, with what is in view */
  onRangeChange?: (range: VisibleRange) => void;
  'aria-label'?: string;
  style?: CSSProperties;
}

/** The rows to render for a viewport: exported for its unit test. */
export function rowWindow(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan: number) {
  const startIndex = Math.min(Math.max(0, Math.floor(scrollTop / rowHeight)), Math.max(0, count - 1));
  const endIndex = Math.min(count - 1, Math.max(startIndex, Math.ceil((scrollTop + viewportHeight) / rowHeight) - 1));
  return { startIndex, endIndex, from: Math.max(0, startIndex - overscan), to: Math.min(count - 1, endIndex + overscan) };
}

export function FixedRowVirtualList<T>({ items, rowHeight, overscan, getKey, renderRow, onRangeChange, style, ...rest }: FixedRowVirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 0 });
  const frame = useRef(0);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setViewport((v) => (v.scrollTop === el.scrollTop && v.height === el.clientHeight ? v : { scrollTop: el.scrollTop, height: el.clientHeight }));
  }, []);

  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // one state update per frame however many scroll events arrive
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  };

  const win = rowWindow(viewport.scrollTop, viewport.height, rowHeight, items.length, overscan);
  const { startIndex, endIndex } = win;
  useEffect(() => {
    if (items.length > 0 && viewport.height > 0) onRangeChange?.({ startIndex, endIndex });
    // onRangeChange is a new function each render; the range and the count are what matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startIndex, endIndex, items.length, viewport.height]);

  const rows: ReactNode[] = [];
  for (let i = win.from; i <= win.to && items.length > 0; i++) {
    const item = items[i]!;
    rows.push(
      <div key={getKey(item, i)} style={{ position: 'absolute', top: i * rowHeight, left: 0, right: 0, height: rowHeight }}>
        {renderRow(item, i)}
      </div>,
    );
  }

  return (
    <div ref={scroller} data-virtual-scroller="" onScroll={onScroll} style={{ overflowY: 'auto', position: 'relative', ...style }} {...rest}>
      <div data-virtual-rows="" style={{ position: 'relative', height: items.length * rowHeight, width: '100%' }}>
        {rows}
      </div>
    </div>
  );
}
