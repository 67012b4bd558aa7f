import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

/** The native model and language selects (AI panel, transcription choices) and their labels look alike. */
export const select = style({
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
});

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 500 });

/** A button that reads as the text around it (transcript lines, speaker names): no frame, a focus ring. */
export const textButton = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

/** The grip of a draggable row (react-aria's drag button, the keyboard's way to pick the row up). */
export const dragGrip = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 16,
  height: 24,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  outline: 'none',
});

/** A heading on one line, cut with an ellipsis when the room is short. */
export const oneLineHeading = style({
  minWidth: 0,
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
