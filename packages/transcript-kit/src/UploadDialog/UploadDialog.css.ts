import { sprinkles } from '@scribe/ui/sprinkles';

export const body = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md' });
