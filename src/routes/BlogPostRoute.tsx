import { Link, useParams } from 'react-router-dom';
import { PageHead } from '../meta/PageHead';
import { BLOG_AUTHOR } from './blog/blogPost';
import { blogPostMeta } from './blog/blogPostMeta';
import { findBlogPost } from './blog/blogPosts';
import { ContentBody } from './content/ContentBody';
import { MetaLine } from '../ui/text/MetaLine';
import { readingMinutes } from './content/contentBlocks';
import { formatDate } from './content/dates';
import { NotFoundPage } from './NotFoundRoute';
import { PATHS, PRICING_PATH } from '../paths';

export function BlogPostRoute() {
  const { slug } = useParams();
  const post = findBlogPost(slug);
  // An unknown slug is served 404.html by the host; render the same page so hydration matches.
  if (!post) return <NotFoundPage />;

  return (
    <article className="container page article">
      <PageHead meta={blogPostMeta(post)} />
      <p className="breadcrumb">
        <Link to={PATHS.blog}>Blog</Link>
      </p>
      <header className="page-header">
        <h1>{post.title}</h1>
        <MetaLine>
          <>By {BLOG_AUTHOR}</>
          <>
            Published <time dateTime={post.publishedTime}>{formatDate(post.publishedTime)}</time>
          </>
          <>
            Updated <time dateTime={post.modifiedTime}>{formatDate(post.modifiedTime)}</time>
          </>
          <>{readingMinutes(post.body)} min read</>
        </MetaLine>
        <p className="lead">{post.description}</p>
      </header>
      <ContentBody blocks={post.body} />
      <aside className="cta-panel" aria-labelledby="post-cta-title">
        <h2 id="post-cta-title">Be one of the first applicants</h2>
        <p>
          ApplyFirst matches your CV against new US and remote tech jobs and alerts you in real
          time.
        </p>
        <Link className="button button--primary" to={PRICING_PATH}>
          See plans
        </Link>
      </aside>
    </article>
  );
}
