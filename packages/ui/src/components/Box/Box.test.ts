import { describe, expect, it } from 'vitest';
import { sprinkles } from '../../sprinkles/sprinkles.css.ts';
import { splitBoxProps } from './Box.tsx';

describe('sprinkles', () => {
  it('gives one class per layout prop and none for an absent one', () => {
    const classes = sprinkles({ display: 'flex', gap: 'sm', alignItems: 'center' }).split(' ');
    expect(classes).toHaveLength(3);
    expect(sprinkles({})).toBe('');
  });

  it('gives a different class per condition', () => {
    const responsive = sprinkles({ flexDirection: { all: 'row', mobile: 'column' } }).split(' ');
    expect(responsive).toHaveLength(2);
    expect(responsive).toContain(sprinkles({ flexDirection: 'row' }));
  });

  it('expands the padding shorthands', () => {
    expect(sprinkles({ paddingX: 'md' })).toBe(sprinkles({ paddingInline: 'md' }));
  });

  it('rejects a value outside the tokens', () => {
    expect(() => sprinkles({ gap: 'huge' as 'sm' })).toThrow();
  });
});

describe('splitBoxProps', () => {
  it('keeps element attributes apart from layout props', () => {
    const { layout, rest } = splitBoxProps({ display: 'flex', gap: 'sm', id: 'x', 'aria-label': 'Row', onClick: undefined });
    expect(layout).toEqual({ display: 'flex', gap: 'sm' });
    expect(rest).toEqual({ id: 'x', 'aria-label': 'Row', onClick: undefined });
  });
});
