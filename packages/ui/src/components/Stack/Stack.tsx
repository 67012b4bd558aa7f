import type { ReactNode } from 'react';
import type { SpaceToken } from '../../theme/contract.css.ts';
import { Box } from '../Box/Box.tsx';

export interface StackProps {
  gap?: SpaceToken | 'none';
  direction?: 'row' | 'column';
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  justify?: 'start' | 'center' | 'end' | 'between';
  wrap?: boolean;
  as?: 'div' | 'ul' | 'ol' | 'nav' | 'section' | 'header' | 'footer' | 'main';
  children: ReactNode;
}

const alignItems = { start: 'flex-start', center: 'center', end: 'flex-end', stretch: 'stretch', baseline: 'baseline' } as const;
const justifyContent = { start: 'flex-start', center: 'center', end: 'flex-end', between: 'space-between' } as const;

/** Flex layout with token gaps: the only way components and pages space things out. */
export function Stack({ gap = 'md', direction = 'column', align, justify, wrap, as = 'div', children }: StackProps) {
  return (
    <Box
      as={as}
      display="flex"
      minWidth={0}
      gap={gap}
      flexDirection={direction}
      alignItems={align ? alignItems[align] : undefined}
      justifyContent={justify ? justifyContent[justify] : undefined}
      flexWrap={wrap ? 'wrap' : undefined}
    >
      {children}
    </Box>
  );
}
