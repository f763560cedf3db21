import type { CSSProperties, ReactNode } from 'react';
import classes from './figure-grid.module.css';

export interface FigureItem {
  label: string;
  value: ReactNode;
  /** Shown larger and in the brand colour. */
  highlight?: boolean;
}

interface FigureGridProps {
  items: FigureItem[];
  /** Minimum width of a column, in px (default 160). */
  minColumn?: number;
}

/** Label/value figures as a description list that wraps into as many columns as fit. */
export function FigureGrid({ items, minColumn = 160 }: FigureGridProps) {
  return (
    <dl className={classes.grid} style={{ '--figure-min': `${minColumn}px` } as CSSProperties}>
      {items.map((item) => (
        <div key={item.label} className={classes.item} data-highlight={item.highlight || undefined}>
          <dt className={classes.label}>{item.label}</dt>
          <dd className={classes.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
