import type { ReactNode } from 'react';
import { Checkbox as RACCheckbox } from 'react-aria-components';
import * as styles from './Checkbox.css.ts';

export interface CheckboxProps {
  children: ReactNode;
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  isInvalid?: boolean;
  isRequired?: boolean;
  name?: string;
  isDisabled?: boolean;
}

export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <RACCheckbox {...props} validationBehavior="aria" className={styles.checkbox}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isSelected ? (
              <svg viewBox="0 0 12 12" className={styles.check}>
                <polyline points="2.5 6.5 5 9 9.5 3.5" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </RACCheckbox>
  );
}
