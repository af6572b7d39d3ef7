import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { useCarryOverOffer } from '../session';
import { useFocusAfterNavigation } from './useFocusAfterNavigation';
import { useScrollOnNavigation } from './useScrollOnNavigation';

// Loaded only when a sign-in offers it: no page needs it to hydrate.
const CarryOverDialog = lazy(async () => ({
  default: (await import('../session/CarryOverDialog')).CarryOverDialog,
}));

function CarryOverOffer() {
  const offer = useCarryOverOffer();
  return offer === null ? null : (
    <Suspense fallback={null}>
      <CarryOverDialog />
    </Suspense>
  );
}

export function Layout() {
  useFocusAfterNavigation();
  useScrollOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CarryOverOffer />
    </>
  );
}
