import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

/* Desktop: three resizable panels under the 56 px header */

export const workspace = style([sprinkles({ flex: 'auto', display: 'flex', minHeight: 0 }), { height: 'calc(100dvh - 56px)' }]);

export const group = sprinkles({ flex: 'auto', minWidth: 0 });

export const panel = sprinkles({ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, height: 'full' });

// The resize handles between panels: a 1 px line with a wider invisible grip.
const separatorBase = style({
  position: 'relative',
  background: vars.color.border,
  outline: 'none',
  transition: `background ${vars.motion.fast} ease`,
  selectors: {
    '&::after': { content: '""', position: 'absolute' },
    '&:hover, &[data-separator="hover"], &[data-separator="active"]': { background: vars.color.accent },
    '&:focus-visible': { background: vars.color.focusRing, boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

export const separator = style([separatorBase, { width: 1, selectors: { '&::after': { insetBlock: 0, insetInline: -3 } } }]);

/** Between stacked panels (the tablet layout's transcript over AI features). */
export const separatorRow = style([separatorBase, { height: 1, selectors: { '&::after': { insetInline: 0, insetBlock: -3 } } }]);

/* Left: library */

export const library = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', height: 'full', minHeight: 0 }),
  { padding: `${vars.space.lg} ${vars.space.sm} ${vars.space.sm}`, background: vars.color.surface },
]);

export const libraryActions = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm', paddingInline: 'xs' });

export const treeArea = sprinkles({ flex: 'auto', minHeight: 0, display: 'flex', flexDirection: 'column' });

export const recordHint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  paddingInline: vars.space.xxs,
  lineHeight: vars.lineHeight.tight,
});

/* Centre: tabs, view, player */

export const centre = style([
  sprinkles({ display: 'flex', flexDirection: 'column', height: 'full', minHeight: 0 }),
  { background: vars.color.background },
]);

export const centreScroll = style([
  sprinkles({ flex: 'auto', minHeight: 0 }),
  {
    overflow: 'auto',
    padding: `${vars.space.lg} ${vars.space.xl} ${vars.space.xl}`,
    '@media': { [media.mobile]: { padding: `${vars.space.md} ${vars.space.lg} ${vars.space.lg}` } },
  },
]);

export const centreInner = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg', height: 'full' }),
  { maxWidth: 920, margin: '0 auto' },
]);

// The tabs and the open tab's card fill the height down to the player; the transcript viewer scrolls
// inside that height (so following playback scrolls the text, not the page).
// (`hidden` children stay hidden: react-aria builds its collections in a <template> here.)
globalStyle(`${centreInner} > :not(template, [hidden])`, { flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' });
globalStyle(`${centreInner} [role="tabpanel"]:not([hidden])`, { flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' });

/** The transcript tab's content: a meta line above the viewer, which takes the rest of the height. */
export const viewerFrame = style([sprinkles({ flex: 'fill', display: 'flex', flexDirection: 'column', gap: 'sm' }), { minHeight: 320 }]);
globalStyle(`${viewerFrame} > :last-child`, { flex: '1 1 0', minHeight: 0 });

/** A transcript in progress: its text so far (filling the frame, scrolling) above the row for the rest. */
export const inProgress = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' }), { minHeight: 0 }]);
globalStyle(`${inProgress} > :first-child`, { flex: '1 1 0', minHeight: 0 });
export const inProgressRow = style({
  flex: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const viewMetaBar = sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 'md' });

export const viewCard = style([
  sprinkles({ display: 'flex', flexDirection: 'column' }),
  {
    flex: '1 1 auto',
    minHeight: 280,
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.sm,
  },
]);

/**
 * The AI output tab's card: it takes the height down to the player and scrolls inside, as the
 * transcript viewer does, so the tab strip above it never scrolls away.
 */
export const scrollingViewCard = style([viewCard, { flex: '1 1 0', minHeight: 280, overflowY: 'auto' }]);

export const viewMeta = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const viewBody = style([
  sprinkles({ flex: 'auto', display: 'flex', flexDirection: 'column' }),
  { padding: `${vars.space.lg} ${vars.space.xl}`, '@media': { [media.mobile]: { padding: vars.space.lg } } },
]);

export const emptyState = style([
  sprinkles({ flex: 'auto', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 'sm' }),
  { padding: `${vars.space.xxl} ${vars.space.xl}`, textAlign: 'center' },
]);

export const emptyIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: 64,
  height: 64,
  marginBottom: vars.space.sm,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
});

export const emptyTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const emptyText = style({
  margin: 0,
  maxWidth: 360,
  fontSize: vars.fontSize.md,
  color: vars.color.textMuted,
});

export const player = style([
  sprinkles({ flex: 'none', display: 'flex', alignItems: 'center', gap: 'md' }),
  {
    minHeight: 64,
    padding: `${vars.space.sm} ${vars.space.xl}`,
    background: vars.color.surface,
    borderTop: `1px solid ${vars.color.border}`,
    '@media': { [media.mobile]: { padding: `${vars.space.sm} ${vars.space.lg}` } },
  },
]);

export const playerInner = style([sprinkles({ flex: 'auto' }), { maxWidth: 920, margin: '0 auto' }]);

/* Right: AI features */

export const aiPanel = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg', height: 'full', minHeight: 0 }),
  { overflow: 'auto', padding: vars.space.lg, background: vars.color.surface },
]);

/** Inside the mobile drawer, whose body has its own padding. */
export const aiPanelBare = style({ padding: 0, background: 'transparent' });

export const aiHead = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxs' });

export const aiTitle = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', margin: 'none' }),
  { fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text },
]);

export const aiEmpty = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'sm' }),
  {
    padding: `${vars.space.xl} ${vars.space.lg}`,
    border: `1px dashed ${vars.color.borderStrong}`,
    borderRadius: vars.radius.lg,
    textAlign: 'center',
    fontSize: vars.fontSize.sm,
    color: vars.color.textMuted,
  },
]);

/* Mobile */

export const mobileShell = style([
  sprinkles({ display: 'flex', flexDirection: 'column', minHeight: 0 }),
  { height: '100dvh', background: vars.color.background },
]);

export const mobileBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'grid',
  gridTemplateColumns: '44px 1fr 44px',
  alignItems: 'center',
  gap: vars.space.sm,
  height: 52,
  padding: `0 ${vars.space.sm}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const mobileTitle = style({
  margin: 0,
  minWidth: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const mobileMain = sprinkles({ flex: 'auto', minHeight: 0, display: 'flex', flexDirection: 'column' });

export const drawerSection = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', height: 'full', minHeight: 0 });

export const drawerTree = style([
  sprinkles({ flex: 'auto', display: 'flex', flexDirection: 'column' }),
  { minHeight: 220, marginInline: `calc(${vars.space.sm} * -1)` },
]);

export const drawerFooter = style({
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

/* Drop overlay */

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const dropOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  background: vars.color.overlay,
  backdropFilter: 'blur(2px)',
  animation: `${fadeIn} ${vars.motion.fast} ease-out`,
});

export const dropCard = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'sm' }),
  {
    width: 'min(520px, 100%)',
    padding: `${vars.space.xxl} ${vars.space.xl}`,
    background: vars.color.surfaceRaised,
    border: `2px dashed ${vars.color.accent}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    textAlign: 'center',
    pointerEvents: 'none',
  },
]);

export const dropIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: 56,
  height: 56,
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const dropTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const dropHint = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textMuted });

/** Retry (and Buy credits) under a failed transcription. */
export const failedActions = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: 'md',
  marginTop: 'md',
});

/* The selection mode's actions under the tree (several transcripts at once) */

export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.xs,
  marginInline: vars.space.xxs,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const bulkCount = style({
  flexBasis: '100%',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

/* Sort and filter menus above the tree */
export const libraryOrder = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  paddingInline: vars.space.xs,
});
