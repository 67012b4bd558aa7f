import type { CSSProperties } from 'react';
import * as styles from './icons.css.ts';

export interface IconProps {
  /** Width and height in pixels; 16 unless given. */
  size?: number;
}

/** Large glyphs (empty states, drop zones) draw a lighter line, so strokes stay 2-3 px wide. */
function sized(size: number | undefined): CSSProperties | undefined {
  if (size === undefined) return undefined;
  return { width: size, height: size, strokeWidth: size >= 24 ? 1.1 : undefined };
}

/** The one icon set of ui, transcript-kit, their stories and the app; decorative (the owning control carries the accessible name). */
export function CloseIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" />
    </svg>
  );
}

export function InfoIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 7.25v3.75M8 5h.01" />
    </svg>
  );
}

export function SuccessIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M5.5 8.25l1.75 1.75 3.25-3.5" />
    </svg>
  );
}

export function WarningIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M8 2.25l6.25 11H1.75z" />
      <path d="M8 6.5v3M8 11.5h.01" />
    </svg>
  );
}

export function DangerIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.75v3.75M8 11h.01" />
    </svg>
  );
}

export function FolderIcon({ open = false, size }: IconProps & { open?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      {open ? (
        <path d="M1.75 12.75V3.75a1 1 0 0 1 1-1h3.5l1.5 1.5h5a1 1 0 0 1 1 1v1.5M1.75 12.75l2-5.25h10.5l-2 5.25z" />
      ) : (
        <path d="M1.75 3.75a1 1 0 0 1 1-1h3.5l1.5 1.5h5.5a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1H2.75a1 1 0 0 1-1-1z" />
      )}
    </svg>
  );
}

export function TranscriptIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M3.75 1.75h5.5l3 3v9.5h-8.5z" />
      <path d="M9.25 1.75v3h3M5.75 8h4.5M5.75 10.75h4.5" />
    </svg>
  );
}

export function ChevronIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M6 3.5l4.5 4.5L6 12.5" />
    </svg>
  );
}

export function DragHandleIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M6 3.5h.01M10 3.5h.01M6 8h.01M10 8h.01M6 12.5h.01M10 12.5h.01" strokeWidth="2.2" />
    </svg>
  );
}

export function MoreIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M3.5 8h.01M8 8h.01M12.5 8h.01" strokeWidth="2.4" />
    </svg>
  );
}

export function PlusIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M8 3v10M3 8h10" />
    </svg>
  );
}

export function AlertIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.75v3.75M8 11h.01" />
    </svg>
  );
}

export function PlayIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M4.75 2.75v10.5L13 8z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M5 3v10M11 3v10" strokeWidth="2.4" />
    </svg>
  );
}

/** A circular arrow around '10' (seconds); the button carries the accessible name. */
/** A small window inside a screen: picture-in-picture. */
export function PictureInPictureIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <rect x="1.75" y="3" width="12.5" height="10" rx="1.5" />
      <rect x="8" y="8" width="4.5" height="3.25" rx="0.5" />
    </svg>
  );
}

export function SkipBackIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M2.5 8a5.5 5.5 0 1 0 1.6-3.9M2.25 1.75v3h3" />
      <text x="8.4" y="10.3" className={styles.glyphText}>
        10
      </text>
    </svg>
  );
}

export function SkipForwardIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.75 1.75v3h-3" />
      <text x="7.6" y="10.3" className={styles.glyphText}>
        10
      </text>
    </svg>
  );
}

export function CopyIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <rect x="5.25" y="5.25" width="8.5" height="8.5" rx="1.25" />
      <path d="M10.75 5.25v-2a1 1 0 0 0-1-1h-6.5a1 1 0 0 0-1 1v6.5a1 1 0 0 0 1 1h2" />
    </svg>
  );
}

export function MicIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <rect x="5.75" y="1.75" width="4.5" height="8" rx="2.25" />
      <path d="M3.25 7.5a4.75 4.75 0 0 0 9.5 0M8 12.25v2" />
    </svg>
  );
}

export function StopIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
    </svg>
  );
}

export function UploadIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M8 10.75V2.5M4.75 5.75 8 2.5l3.25 3.25M2.75 10.5v2.25a1 1 0 0 0 1 1h8.5a1 1 0 0 0 1-1V10.5" />
    </svg>
  );
}

export function CheckIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M3 8.5l3.25 3.25L13 5" />
    </svg>
  );
}

export function FileTextIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M3.75 1.75h5.5l3 3v9.5h-8.5z" />
      <path d="M9.25 1.75v3h3M5.75 7.5h4.5M5.75 10h4.5M5.75 12.5h2.5" />
    </svg>
  );
}

export function LanguagesIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M1.75 3.25h7M5.25 1.75v1.5M3 3.25c.5 2.5 2.25 4.5 4.5 5.5M7.5 3.25c-.5 2.5-2.25 4.5-4.75 5.5" />
      <path d="M8.25 14.25l3-7 3 7M9.25 12h4" />
    </svg>
  );
}

export function BookIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M2.75 2.75h4a1.25 1.25 0 0 1 1.25 1.25v9.25a1 1 0 0 0-1-1H2.75zM13.25 2.75h-4A1.25 1.25 0 0 0 8 4v9.25a1 1 0 0 1 1-1h4.25z" />
    </svg>
  );
}

export function WandIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M2.25 13.75l8-8M9 4.5l2.5 2.5M12 1.75v2M11 2.75h2M14.25 5.5v1.5M13.5 6.25h1.5M6 1.75v1.5M5.25 2.5h1.5" />
    </svg>
  );
}

export function DownloadIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M8 2v8M4.75 7L8 10.25 11.25 7M2.75 13.25h10.5" />
    </svg>
  );
}

export function ShareIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M8 10V2M5 4.75L8 1.75l3 3M3.75 7.5v5.75h8.5V7.5" />
    </svg>
  );
}

export function TrashIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M2.75 4.25h10.5M6.25 4.25V2.75h3.5v1.5M4 4.25l.75 9.5h6.5l.75-9.5" />
    </svg>
  );
}

export function GlobeIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M1.75 8h12.5M8 1.75c1.75 1.9 2.6 4 2.6 6.25S9.75 12.35 8 14.25C6.25 12.35 5.4 10.25 5.4 8S6.25 3.65 8 1.75z" />
    </svg>
  );
}

export function ChevronDownIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}

export function MenuIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M2.5 4.25h11M2.5 8h11M2.5 11.75h11" />
    </svg>
  );
}

export function SparklesIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M6.5 2l1.1 3.4L11 6.5 7.6 7.6 6.5 11 5.4 7.6 2 6.5l3.4-1.1zM12 9.5l.55 1.45L14 11.5l-1.45.55L12 13.5l-.55-1.45L10 11.5l1.45-.55z" />
    </svg>
  );
}

export function LayersIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <path d="M8 1.75l6.25 3.25L8 8.25 1.75 5zM1.75 8L8 11.25 14.25 8M1.75 11L8 14.25 14.25 11" />
    </svg>
  );
}

export function UserIcon({ size }: IconProps = {}) {
  return (
    <svg viewBox="0 0 16 16" className={styles.icon} style={sized(size)} aria-hidden="true">
      <circle cx="8" cy="5.5" r="2.75" />
      <path d="M2.75 13.5c.75-2.5 2.75-3.75 5.25-3.75s4.5 1.25 5.25 3.75" />
    </svg>
  );
}
