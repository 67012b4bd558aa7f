// Glyphs for stories only (apps bring their own icon set).
const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const PlusIcon = () => (
  <svg {...common}>
    <path d="M8 3v10M3 8h10" />
  </svg>
);

export const TrashIcon = () => (
  <svg {...common}>
    <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.5 8.5h6l.5-8.5" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...common}>
    <path d="M2.5 4h11M2.5 8h11M2.5 12h11" />
  </svg>
);

export const UserIcon = () => (
  <svg {...common}>
    <circle cx="8" cy="5.5" r="2.75" />
    <path d="M2.75 13.5c.75-2.5 2.75-3.75 5.25-3.75s4.5 1.25 5.25 3.75" />
  </svg>
);
