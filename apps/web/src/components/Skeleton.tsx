import type { CSSProperties, ReactNode } from 'react';
import styles from './Skeleton.module.css';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** How many grey text lines to draw (the last one shorter); ignored when `children` is given. */
  lines?: number;
  /** What screen readers hear while it shows; `加载中` by default. */
  label?: string;
  /** Custom placeholder shapes (e.g. a few {@link SkeletonBlock}s) instead of the text lines. */
  children?: ReactNode;
  className?: string;
}

/**
 * A quiet placeholder for content that is still loading: grey lines (or the shapes passed as
 * children) with a soft shimmer. It is one `role="status"` named `加载中`, so a screen reader hears
 * the state once rather than every grey bar.
 *
 * @example
 * <Skeleton lines={3} />
 * <Skeleton label="正在排盘"><SkeletonBlock height={120} /><SkeletonBlock height={16} width="60%" /></Skeleton>
 */
export function Skeleton({ lines = 3, label = '加载中', children, className }: SkeletonProps) {
  return (
    <div
      className={`${styles.skeleton} ${className ?? ''}`}
      role="status"
      aria-label={label}
      aria-busy="true"
    >
      {children ??
        Array.from({ length: Math.max(1, lines) }, (_, i) => (
          <SkeletonBlock key={i} height={16} width={i === lines - 1 && lines > 1 ? '62%' : '100%'} />
        ))}
    </div>
  );
}

/** Props of {@link SkeletonBlock}. */
export interface SkeletonBlockProps {
  /** Height in px (a number) or any CSS length; 16 px by default. */
  height?: number | string;
  /** Width in px or any CSS length; the full width by default. */
  width?: number | string;
  /** Corner radius in px; 8 by default (use height / 2 for a pill, 50% for a circle). */
  radius?: number | string;
  className?: string;
}

/** One grey shape of a skeleton (a card, a picture, a line); hidden from screen readers. */
export function SkeletonBlock({ height = 16, width = '100%', radius = 8, className }: SkeletonBlockProps) {
  const style: CSSProperties = { height, width, borderRadius: radius };
  return <span className={`${styles.block} ${className ?? ''}`} style={style} aria-hidden="true" />;
}
