import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';
import { PASSWORD_MAX_LENGTH } from './validation';

export interface PasswordFieldProps extends Omit<
  TextFieldProps,
  'type' | 'trailing' | 'autoComplete'
> {
  /** `current-password` to sign in or confirm, `new-password` to choose one. */
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a show/hide toggle; the one used by every session form. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      maxLength={PASSWORD_MAX_LENGTH}
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={(inputId) => (
        <button
          type="button"
          className="field__toggle"
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          <span aria-hidden="true">{visible ? 'Hide' : 'Show'}</span>
          <span className="visually-hidden">{visible ? 'Hide password' : 'Show password'}</span>
        </button>
      )}
    />
  );
}
