import { StrictMode, type ReactNode } from 'react';
import { SessionProvider } from '../session';

/** What wraps the router in the browser and in the prerender alike, so hydration sees the same tree. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>{children}</SessionProvider>
    </StrictMode>
  );
}
