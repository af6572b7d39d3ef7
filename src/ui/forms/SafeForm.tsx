import type { FormEvent, FormHTMLAttributes } from 'react';
import { useHydrated } from '../login/useHydrated';

export interface SafeFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'method' | 'action' | 'onSubmit' | 'noValidate'
> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * Every form that takes a password, a reset code or an e-mail address. The browser must never
 * submit it itself: a GET would put the credentials in the URL. Until the app has hydrated
 * (JavaScript slow or off), its fields sit in a disabled fieldset, so they can be neither typed
 * into nor submitted (disabled controls are never sent), and a note says why. Afterwards every
 * submit is handled in the page. `method="post"` is the last line: even a submit that got past
 * both would carry nothing in its URL.
 */
export function SafeForm({ onSubmit, children, ...form }: SafeFormProps) {
  const hydrated = useHydrated();
  return (
    <form
      {...form}
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      {!hydrated && (
        <p role="status" className="form-message form-message--pending" data-until-hydrated="">
          This form needs JavaScript. It works once the page has finished loading.
        </p>
      )}
      <fieldset className="form__fields" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
