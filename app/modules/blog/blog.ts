/** Blog posts as the API and pages see them (SPEC §3). */
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
