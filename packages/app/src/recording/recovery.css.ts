import { style } from '@vanilla-extract/css';
import { sprinkles } from '@scribe/ui/sprinkles';

export const offers = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' });

export const text = style({ margin: 0 });

export const actions = style([sprinkles({ display: 'flex', flexWrap: 'wrap', gap: 'sm' }), { marginTop: 8 }]);
