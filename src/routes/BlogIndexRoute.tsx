import { Link } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { blogPostPath } from './blog/blogPost';
import { BLOG_POSTS } from './blog/blogPosts';
import { formatDate } from './content/dates';
import { PATHS } from '../paths';

export const blogIndexMeta: PageMeta = {
  title: 'Blog: job search advice for tech candidates',
  description:
    'Practical advice for tech job seekers in the US and remote: applying early, getting your CV through applicant tracking systems, and finding remote roles you can take.',
  keywords: ['job search advice', 'tech careers', 'CV tips', 'remote jobs'],
  url: PATHS.blog,
};

export function BlogIndexRoute() {
  return (
    <div className="container page">
      <PageHead meta={blogIndexMeta} />
      <header className="page-header">
        <h1>Blog</h1>
        <p className="lead">
          Job search advice for software, data and product people applying to US and remote tech
          roles.
        </p>
      </header>
      <ul className="post-list">
        {BLOG_POSTS.map((post) => (
          <li key={post.slug} className="card post-card">
            <article>
              <h2>
                <Link to={blogPostPath(post)}>{post.title}</Link>
              </h2>
              <p className="meta-line">
                <time dateTime={post.publishedTime}>{formatDate(post.publishedTime)}</time>
              </p>
              <p>{post.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
