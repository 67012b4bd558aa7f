import type { FocusEvent } from 'react';
import { TextArea as RACTextArea, TextField as RACTextField } from 'react-aria-components';
import * as styles from '../Field/Field.css.ts';
import { FieldHelp, FieldLabel } from '../Field/FieldParts.tsx';
import type { TextFieldProps } from '../TextField/TextField.tsx';

/** TextField's props; blur reports the <textarea>, and rows sets its height. */
export interface TextAreaProps extends Omit<TextFieldProps, 'type' | 'onBlur'> {
  onBlur?: (e: FocusEvent<HTMLTextAreaElement>) => void;
  rows?: number;
}

/** Multi-line TextField; same validation contract (validationBehavior="aria"). */
export function TextArea({ label, errorMessage, description, placeholder, rows = 4, isRequired, onBlur, ...props }: TextAreaProps) {
  return (
    <RACTextField
      {...props}
      // RAC types the field's blur for an <input>; here the focused element is the <textarea>.
      onBlur={onBlur ? (e) => onBlur(e as unknown as FocusEvent<HTMLTextAreaElement>) : undefined}
      isRequired={isRequired}
      validationBehavior="aria"
      className={styles.field}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <RACTextArea className={`${styles.control} ${styles.textarea}`} placeholder={placeholder} rows={rows} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}
