import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';

const errorMeta: PageMeta = {
  title: 'Something went wrong',
  description: 'This page could not be shown.',
  noIndex: true,
};

export function RouteErrorPage({ error }: { error: unknown }) {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('[route]', error);
  }, [error]);

  return (
    <div className="container page narrow">
      <PageHead meta={errorMeta} />
      <h1>Something went wrong</h1>
      <p className="lead">
        This page could not be shown. A newer version of the site may have been released.
      </p>
      <p className="actions">
        {/* A plain link on purpose: a full page load fetches the current version of the site. */}
        <a className="button button--primary" href={pathname}>
          Reload the page
        </a>
      </p>
    </div>
  );
}
