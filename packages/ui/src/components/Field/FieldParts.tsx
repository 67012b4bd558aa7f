import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import * as styles from './Field.css.ts';

/** A field's label, with the required mark (hidden from screen readers: the control says it is required). */
export function FieldLabel({ label, isRequired }: { label: ReactNode; isRequired?: boolean }) {
  return (
    <Label className={styles.label}>
      {label}
      {isRequired ? (
        <span aria-hidden="true" className={styles.requiredMark}>
          *
        </span>
      ) : null}
    </Label>
  );
}

/** What follows a field's control: its description, then its error while the field is invalid. */
export function FieldHelp({ description, errorMessage }: { description?: ReactNode; errorMessage?: string }) {
  return (
    <>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </>
  );
}
