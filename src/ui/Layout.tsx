import { Outlet, ScrollRestoration } from 'react-router-dom';
import { CarryOverDialog } from './CarryOverDialog';
import { Footer } from './Footer';
import { Header } from './Header';
import { useFocusAfterNavigation } from './useFocusAfterNavigation';

export function Layout() {
  useFocusAfterNavigation();
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
      <CarryOverDialog />
      <ScrollRestoration />
    </>
  );
}
