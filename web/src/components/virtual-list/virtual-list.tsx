// A scrolling list of equal-height rows that keeps only the rows in view, plus `overscan` rows either
// side, in the DOM (docs/product.md §2: the sidebar's rows are 38 px, overscan 2), on react-virtuoso. Chosen over
// @tanstack/react-virtual and the earlier own list on bench/sidebar.bench.ts (bench/README.md has the
// comparison): all three keep the rows bounded, virtuoso spent the least main-thread time per scroll frame.
// The scroller and the row container carry data-virtual-scroller / data-virtual-rows for tests and benches.
import { type CSSProperties, forwardRef, type HTMLAttributes, type ReactNode, useRef } from 'react';
import { Virtuoso } from 'react-virtuoso';

export interface VisibleRange {
  /** first and last index rendered */
  startIndex: number;
  endIndex: number;
}

interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** extra rows rendered above and below the viewport */
  overscan: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** after scrolling or resizing, with what is rendered */
  onRangeChange?: (range: VisibleRange) => void;
  'aria-label'?: string;
  style?: CSSProperties;
}

const Scroller = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function Scroller(props, ref) {
  return <div {...props} ref={ref} data-virtual-scroller="" />;
});
const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function List(props, ref) {
  return <div {...props} ref={ref} data-virtual-rows="" />;
});
const components = { Scroller, List };

export function VirtualList<T>({ items, rowHeight, overscan, getKey, renderRow, onRangeChange, style, ...rest }: VirtualListProps<T>) {
  const lastRange = useRef('');
  return (
    <Virtuoso<T>
      style={style}
      aria-label={rest['aria-label']}
      data={items}
      fixedItemHeight={rowHeight}
      increaseViewportBy={overscan * rowHeight}
      computeItemKey={(index, item) => getKey(item, index)}
      itemContent={(index, item) => renderRow(item, index)}
      components={components}
      rangeChanged={(range) => {
        const key = `${range.startIndex}:${range.endIndex}`;
        if (key === lastRange.current) return;
        lastRange.current = key;
        onRangeChange?.(range);
      }}
    />
  );
}
