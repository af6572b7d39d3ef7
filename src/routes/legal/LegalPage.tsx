import { PageHead } from '../../meta/PageHead';
import { ContentBody } from '../content/ContentBody';
import { formatDate } from '../content/dates';
import { legalMeta, type LegalDocument } from './legalDocument';

/** The one layout every legal page shares. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="container page article">
      <PageHead meta={legalMeta(document)} />
      <header className="page-header">
        <h1>{document.title}</h1>
        <p className="meta-line">
          <span>
            Last updated{' '}
            <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated)}</time>
          </span>
        </p>
      </header>
      <ContentBody blocks={document.body} />
    </article>
  );
}
