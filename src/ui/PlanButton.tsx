import type { ReactNode } from 'react';
import { config } from '../config';
import { checkoutLink } from './checkoutLink';
import { useSessionUser } from './session';

/** A paid plan's button: the hosted checkout, tied to this visitor's account once the session is known. */
export function PlanButton({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  return (
    <a className="button button--primary" href={checkoutLink(config.checkoutUrl, user)}>
      {children}
    </a>
  );
}
