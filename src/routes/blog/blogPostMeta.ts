import type { PageMeta } from '../../meta/pageMeta';
import { BLOG_AUTHOR, blogPostPath, type BlogPost } from './blogPost';

export function blogPostMeta(post: BlogPost): PageMeta {
  return {
    title: post.title,
    description: post.description,
    keywords: post.keywords,
    author: BLOG_AUTHOR,
    url: blogPostPath(post),
    type: 'article',
    publishedTime: post.publishedTime,
    modifiedTime: post.modifiedTime,
  };
}
