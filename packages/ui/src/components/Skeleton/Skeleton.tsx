import { useLingui } from '@lingui/react/macro';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import type { ReactNode } from 'react';
import * as styles from './Skeleton.css.ts';

export interface SkeletonProps {
  /** CSS length or px number; default 100%. */
  width?: string | number;
  /** Height of one bone; default 1em (text line). */
  height?: string | number;
  /** Renders this many text lines, the last one shorter. */
  lines?: number;
}

const len = (v: string | number | undefined, fallback: string) => (v === undefined ? fallback : typeof v === 'number' ? `${v}px` : v);

/** A placeholder shape; hidden from assistive tech (wrap loading areas in SkeletonGroup). */
export function Skeleton({ width, height, lines }: SkeletonProps) {
  const w = len(width, '100%');
  const h = len(height, '1em');
  if (lines && lines > 1) {
    return (
      <span aria-hidden="true" className={styles.lines} style={assignInlineVars({ [styles.width]: w })}>
        {Array.from({ length: lines }, (_, i) => (
          <span
            key={i}
            className={`${styles.bone} ${styles.line}`}
            style={assignInlineVars({ [styles.width]: '100%', [styles.height]: h })}
          />
        ))}
      </span>
    );
  }
  return <span aria-hidden="true" className={styles.bone} style={assignInlineVars({ [styles.width]: w, [styles.height]: h })} />;
}

export interface SkeletonGroupProps {
  children: ReactNode;
  /** Announced name of the busy area; defaults to "Loading". */
  'aria-label'?: string;
}

/** The busy container: marks the area aria-busy and names it, so the hidden bones are not silent. */
export function SkeletonGroup({ children, 'aria-label': ariaLabel }: SkeletonGroupProps) {
  const { t } = useLingui();
  return (
    <div role="status" aria-busy="true" aria-label={ariaLabel ?? t`Loading`} className={styles.group}>
      {children}
    </div>
  );
}
