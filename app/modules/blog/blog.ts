/** Blog posts as the API and pages see them (product.md §3). */
export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const SCHEMA_TYPES = ['Article', 'FAQ', 'HowTo', 'Guide', 'News'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

export type PublicBlogPost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  featuredImage: string | null;
  tags: string[];
  authorName: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  readTimeMinutes: number;
  metaTitle: string | null;
  metaDescription: string | null;
};

export type AdminBlogPost = PublicBlogPost & {
  categoryId: number | null;
  canonicalUrl: string | null;
  authorBio: string | null;
  isFeatured: boolean;
  allowComments: boolean;
  cityFocus: string[];
  equipmentFocus: string[];
  localKeywords: string[];
  schemaType: SchemaType;
  status: BlogStatus;
};

/** A post's category as the dialog lists it (GET /api/admin/blog/categories). */
export type BlogCategory = { id: number; name: string };

/** product.md §9 'Blog': the form's defaults (the author name defaults to the site's own name). */
export const BLOG_DEFAULTS = {
  readTimeMinutes: 5,
  schemaType: 'Article',
  allowComments: true,
  isFeatured: false,
  category: 'none',
} as const satisfies { schemaType: SchemaType } & Record<string, unknown>;

/** product.md §9: blog cards show at most 3 tags. */
export const CARD_TAG_LIMIT = 3;

/** Product copy of the blog screens (product.md §2, §8), word for word. */
export const BLOG_TEXT = {
  listTitle: 'Blog',
  listHeading: 'Parts Know-How for Manitoba',
  listIntro:
    'Guides and tips on finding, fitting and maintaining heavy duty, truck, trailer and ag parts in Manitoba.',
  comingSoon: 'Blog Coming Soon',
  comingSoonText: 'We are writing our first articles. In the meantime, text us a photo of the part you need.',
  readMore: 'Read More',
  notFound: 'Blog Post Not Found',
  notFoundText: "The blog post you're looking for doesn't exist or has been removed.",
  backToBlog: 'Back to Blog',
  apiNotFound: 'Blog post not found',
  share: 'Share',
  linkCopied: 'Link copied',
  ctaHeading: 'Need a part for your equipment?',
  ctaText: "Send us a photo and we'll get you a quote, fast!",
  manageTitle: 'Blog Management',
  manageSubtitle: 'Create and manage blog posts for the product',
  viewBlog: 'View Blog',
  newPost: 'New Post',
  emptyTitle: 'No blog posts yet',
  emptyText: 'Create your first blog post to get started',
  createFirst: 'Create First Post',
  deleteTitle: 'Delete Blog Post',
  deleteText: (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  createTitle: 'Create New Blog Post',
  editTitle: 'Edit Blog Post',
  saveDraft: 'Save Draft',
  updatePost: 'Update Post',
  saving: 'Saving...',
  created: 'Blog post created!',
  updated: 'Blog post updated!',
  savedText: 'Your changes have been saved successfully.',
  saveFailed: 'Failed to save blog post',
  deleted: 'Blog post deleted',
  deletedText: 'The blog post has been permanently removed.',
  deleteFailed: 'Failed to delete blog post',
  published: 'Blog post published!',
  publishedText: 'Your post is now live on the website.',
  publishFailed: 'Failed to publish blog post',
  scheduled: 'Blog post scheduled',
  unpublished: 'Blog post unpublished',
  unpublishedText: 'The post is a draft again and no longer on the website.',
  archived: 'Blog post archived',
  archivedText: 'The post is no longer on the website.',
  statusFailed: 'Failed to update blog post',
  slugTaken: 'Another post already uses this URL slug',
  postMissing: 'Blog post not found',
} as const;

/** product.md §8 'Editor errors' and §2 editor texts. */
export const EDITOR_TEXT = {
  loading: 'Loading editor...',
  failed: 'Failed to load editor. Please refresh the page.',
  placeholder: 'Start writing...',
  enterUrl: 'Enter URL:',
  enterImageUrl: 'Enter image URL:',
  updateFailed: 'Failed to update content',
  insertFailed: 'Failed to insert image',
  readFailed: 'Failed to read image file',
  addFailed: 'Failed to add image',
} as const;

/** product.md §9 'Editor'. */
export const EDITOR_LIMITS = {
  undoDepth: 100,
  newGroupDelayMs: 500,
  headingLevels: [1, 2, 3] as const,
  errorBannerMs: 5000,
  minHeightPx: 300,
} as const;

/**
 * The blog's slug rule (product.md §5 'Blog form'): lowercase, remove characters other than letters,
 * digits, spaces and hyphens, collapse whitespace to hyphens. Unlike the catalog's rule, repeated
 * hyphens typed on purpose are kept. Accented letters keep their base letter (Café → cafe).
 */
export function blogSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 120);
}

export const postPath = (slug: string) => `/blog/${slug}`;

/**
 * When a post last changed as readers see it: never before it went live. Publishing (or a post
 * scheduled ahead) can set publishedAt after the last edit, and dateModified, the sitemap's
 * lastmod and the feed must not claim a change before the publication.
 */
export function postModifiedAt(post: Pick<PublicBlogPost, 'updatedAt' | 'publishedAt'>): string {
  return post.publishedAt && post.publishedAt > post.updatedAt ? post.publishedAt : post.updatedAt;
}

/** True when the post is live at `now`: published, and its time has come (scheduled posts are not). */
export function isLive(post: Pick<PublicBlogPost, 'publishedAt'> & { status?: string }, now: Date): boolean {
  if (post.status !== undefined && post.status !== 'published') return false;
  return post.publishedAt !== null && Date.parse(post.publishedAt) <= now.getTime();
}

/** The status label staff see: 'scheduled' for a published post whose time has not come. */
export function displayStatus(post: Pick<AdminBlogPost, 'status' | 'publishedAt'>, now: Date): string {
  if (post.status === 'published' && post.publishedAt && Date.parse(post.publishedAt) > now.getTime()) {
    return 'scheduled';
  }
  return post.status;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];
const relative = new Intl.RelativeTimeFormat('en-CA', { numeric: 'auto' });

/** 'yesterday', '3 days ago', '2 months ago', 'in 2 hours'; under a minute: 'just now'. */
export function relativeTime(iso: string, now: Date): string {
  const diff = Date.parse(iso) - now.getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

/** 'November 21, 2026' in Winnipeg time, for tooltips, feeds and structured data. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Winnipeg',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}

/** 'Nov 21, 2026, 9:00 a.m.' in Winnipeg time (scheduled posts in the admin table). */
export function dateTimeLabel(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Winnipeg',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** What a public reader may see of a post: never the staff-only fields. */
export function toPublicPost(post: AdminBlogPost): PublicBlogPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    featuredImage: post.featuredImage,
    tags: post.tags,
    authorName: post.authorName,
    publishedAt: post.publishedAt,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    readTimeMinutes: post.readTimeMinutes,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
  };
}

/** SEO preview limits shown in the dialog (what search results usually display). */
export const SEO_LIMITS = { title: 60, description: 160 } as const;
