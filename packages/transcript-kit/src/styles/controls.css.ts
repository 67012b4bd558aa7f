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
