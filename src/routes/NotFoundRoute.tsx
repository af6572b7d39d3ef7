import { Link } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { PATHS } from '../paths';

/** No `url`: a missing page has no canonical address. */
export const notFoundMeta: PageMeta = {
  title: 'Page not found',
  description:
    'This page does not exist. Find job alerts, pricing and job search advice on ApplyFirst.',
  noIndex: true,
};

export function NotFoundPage() {
  return (
    <div className="container page narrow">
      <PageHead meta={notFoundMeta} />
      <h1>Page not found</h1>
      <p className="lead">The page you were looking for does not exist or has moved.</p>
      <p className="actions">
        <Link className="button button--primary" to={PATHS.home}>
          Go to the home page
        </Link>
        <Link className="button button--secondary" to={PATHS.blog}>
          Read the blog
        </Link>
      </p>
    </div>
  );
}
