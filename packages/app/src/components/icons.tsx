// Small decorative glyphs of the app; the controls that use them carry the accessible names.
const common = {
  viewBox: '0 0 16 16',
  width: 16,
  height: 16,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export function GlobeIcon() {
  return (
    <svg {...common}>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M1.75 8h12.5M8 1.75c1.75 1.9 2.6 4 2.6 6.25S9.75 12.35 8 14.25C6.25 12.35 5.4 10.25 5.4 8S6.25 3.65 8 1.75z" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...common}>
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}

export function UploadIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M8 10.5V2.5M5 5.5l3-3 3 3M2.5 10.5v2a1 1 0 001 1h9a1 1 0 001-1v-2" />
    </svg>
  );
}

export function FileTextIcon() {
  return (
    <svg {...common} width={40} height={40} strokeWidth={1}>
      <path d="M9.5 1.75H4.25a1 1 0 00-1 1v10.5a1 1 0 001 1h7.5a1 1 0 001-1V4.5z" />
      <path d="M9.5 1.75V4.5h2.75M5.5 8h5M5.5 10.5h5M5.5 5.5h2" />
    </svg>
  );
}

export function MicIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <rect x="5.75" y="1.75" width="4.5" height="7.5" rx="2.25" />
      <path d="M3.25 7.5a4.75 4.75 0 009.5 0M8 12.25v2" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common} width={20} height={20}>
      <path d="M2.5 4.25h11M2.5 8h11M2.5 11.75h11" />
    </svg>
  );
}

export function SparklesIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M6.5 2l1.1 3.4L11 6.5 7.6 7.6 6.5 11 5.4 7.6 2 6.5l3.4-1.1zM12 9.5l.55 1.45L14 11.5l-1.45.55L12 13.5l-.55-1.45L10 11.5l1.45-.55z" />
    </svg>
  );
}

export function AudioOffIcon() {
  return (
    <svg {...common}>
      <path d="M2.25 6v4h2.5L8 12.75V3.25L4.75 6zM11 6l3 4M14 6l-3 4" />
    </svg>
  );
}

export function AlertCircleIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.75v3.75M8 11.1v.05" />
    </svg>
  );
}

export function LayersIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M8 1.75l6.25 3.25L8 8.25 1.75 5zM1.75 8L8 11.25 14.25 8M1.75 11L8 14.25 14.25 11" />
    </svg>
  );
}
