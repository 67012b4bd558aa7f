import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { media } from '../theme/breakpoints.ts';
import { vars } from '../theme/contract.css.ts';

/**
 * Atomic layout classes from the theme tokens (Braid style): the flex, gap, padding and margin blocks
 * that pages and components used to write by hand. Values are the tokens themselves, so a class here
 * computes exactly what `vars.space.*` wrote before.
 */
const space = { none: '0', ...vars.space };

const layout = defineProperties({
  // The same media queries as every hand-written `@media` block (theme/breakpoints.ts).
  conditions: {
    all: {},
    mobile: { '@media': media.mobile },
    tablet: { '@media': media.tablet },
    desktop: { '@media': media.desktop },
  },
  defaultCondition: 'all',
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid', 'inline-grid'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['flex-start', 'center', 'flex-end', 'stretch', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    flex: { '1': '1', auto: '1 1 auto', fill: '1 1 0', grow: '1 0 auto', none: '0 0 auto' },
    flexShrink: [0],
    listStyle: ['none'],
    minWidth: [0],
    minHeight: [0],
    width: { full: '100%' },
    height: { full: '100%' },
    gap: space,
    padding: space,
    paddingTop: space,
    paddingBottom: space,
    paddingInline: space,
    paddingBlock: space,
    margin: space,
    marginTop: space,
    marginBottom: space,
    marginInline: space,
  },
  shorthands: {
    paddingX: ['paddingInline'],
    paddingY: ['paddingBlock'],
  },
});

export const sprinkles = createSprinkles(layout);

export type Sprinkles = Parameters<typeof sprinkles>[0];
