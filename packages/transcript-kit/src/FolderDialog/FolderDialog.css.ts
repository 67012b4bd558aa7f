import { style } from '@vanilla-extract/css';
import { sprinkles } from '@scribe/ui/sprinkles';

export const actions = sprinkles({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 'sm' });

/** A wrapper that only gives the form a handle on the field's input; no box of its own. */
export const fieldSlot = style({ display: 'contents' });
