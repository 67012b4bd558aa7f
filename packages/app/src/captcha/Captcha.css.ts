import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

// Same height as the ALTCHA widget, so nothing below jumps when it arrives.
const widgetHeight = 74;
export const placeholder = style({ minHeight: widgetHeight });

// ALTCHA renders in the light DOM and reads these custom properties: match it to the theme.
export const altchaHost = style({
  minHeight: widgetHeight,
  vars: {
    '--altcha-max-width': '100%',
    '--altcha-border-color': vars.color.border,
    '--altcha-border-radius': vars.radius.md,
    '--altcha-color-base': vars.color.surface,
    '--altcha-color-base-content': vars.color.text,
    '--altcha-color-primary': vars.color.accent,
    '--altcha-color-primary-content': vars.color.accentText,
    '--altcha-color-success': vars.color.success,
    '--altcha-color-error': vars.color.danger,
    '--altcha-checkbox-border-color': vars.color.borderStrong,
    '--altcha-checkbox-outline-color': vars.color.focusRing,
  },
});

export const recaptchaHost = style({ minHeight: 78 });

// The tick drawn over ALTCHA's checkbox would otherwise take the click meant for the box.
globalStyle(`${altchaHost} .altcha-checkbox svg`, { pointerEvents: 'none' });
