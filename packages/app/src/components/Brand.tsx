import { Trans } from '@lingui/react/macro';
import * as styles from './Brand.css.ts';

/** The product mark: a waveform in a rounded square, and the product name. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className={styles.brand}>
      <svg viewBox="0 0 32 32" className={styles.mark} aria-hidden="true">
        <rect width="32" height="32" rx="8" className={styles.markBackground} />
        <g className={styles.markWave}>
          <path d="M8 13v6" />
          <path d="M12.7 9v14" />
          <path d="M17.3 11v10" />
          <path d="M22 14v4" />
        </g>
      </svg>
      <span className={compact ? styles.nameCompact : styles.name}>
        <Trans>Audio Transcription</Trans>
      </span>
    </span>
  );
}
