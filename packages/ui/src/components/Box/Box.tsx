import type { HTMLAttributes, ReactNode } from 'react';
import { sprinkles, type Sprinkles } from '../../sprinkles/sprinkles.css.ts';

type BoxElement =
  'div' | 'span' | 'section' | 'header' | 'footer' | 'nav' | 'main' | 'article' | 'aside' | 'ul' | 'ol' | 'li' | 'p' | 'fieldset' | 'dl';

export type BoxProps = Sprinkles &
  Omit<HTMLAttributes<HTMLElement>, 'className' | 'style' | keyof Sprinkles> & {
    /** The element to render (a div unless the content needs another). */
    as?: BoxElement;
    children?: ReactNode;
  };

/** Splits layout props (sprinkles) from the element's own attributes. */
export function splitBoxProps<P extends Record<string, unknown>>(props: P): { layout: Sprinkles; rest: Record<string, unknown> } {
  const layout: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) layout[key] = value;
    else rest[key] = value;
  }
  return { layout: layout as Sprinkles, rest };
}

/**
 * A layout element styled by props, not class names: `<Box display="flex" gap="sm" alignItems="center">`.
 * The values are theme tokens, so hand-written flex, gap and padding blocks are not needed.
 */
export function Box({ as: Element = 'div', children, ...props }: BoxProps) {
  const { layout, rest } = splitBoxProps(props);
  const className = sprinkles(layout) || undefined;
  return (
    <Element {...rest} className={className}>
      {children}
    </Element>
  );
}
