import { pageTags } from './pageTags';
import type { PageMeta, SiteIdentity } from './pageMeta';
import { resolvePageMeta } from './resolvePageMeta';
import { serializeJsonLd, structuredData } from './jsonLd';
import { siteIdentity } from './siteIdentity';

interface PageHeadProps {
  meta: PageMeta;
  site?: SiteIdentity;
}

/**
 * A page's metadata as elements. React 19 hoists `<title>`, `<meta>` and `<link>` into `<head>`
 * wherever they render (and the prerender puts them in the served HTML); they leave with the page.
 * The JSON-LD script stays where it renders, which crawlers accept anywhere in the document.
 */
export function PageHead({ meta, site = siteIdentity }: PageHeadProps) {
  const resolved = resolvePageMeta(meta, site);
  const { title, metaTags, canonical } = pageTags(resolved);
  return (
    <>
      <title>{title}</title>
      {metaTags.map(({ attribute, key, content }) =>
        attribute === 'name' ? (
          <meta key={key} name={key} content={content} />
        ) : (
          <meta key={key} property={key} content={content} />
        ),
      )}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(structuredData(resolved)) }}
      />
    </>
  );
}
