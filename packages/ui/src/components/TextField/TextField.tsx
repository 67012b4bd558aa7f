import type { ReactNode } from 'react';
import { Input, TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components';
import * as styles from '../Field/Field.css.ts';
import { FieldHelp, FieldLabel } from '../Field/FieldParts.tsx';

/**
 * react-aria-components' TextField props, minus what this field owns: its styling, its children, and
 * the validation behaviour (always "aria").
 */
export interface TextFieldProps extends Omit<RACTextFieldProps, 'children' | 'className' | 'style' | 'render' | 'validationBehavior'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown under the field while isInvalid is true. */
  errorMessage?: string;
  placeholder?: string;
}

/**
 * Label, input, description and error. validationBehavior="aria": the app owns validation and passes
 * isInvalid + errorMessage; the field only marks itself aria-invalid and shows the message.
 */
export function TextField({ label, errorMessage, description, placeholder, isRequired, ...props }: TextFieldProps) {
  return (
    <RACTextField {...props} isRequired={isRequired} validationBehavior="aria" className={styles.field}>
      <FieldLabel label={label} isRequired={isRequired} />
      <Input className={styles.control} placeholder={placeholder} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}
