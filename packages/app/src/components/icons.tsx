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

export function UploadIcon() {
  return (
    <svg {...common}>
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
