/**
 * The post dialog of Blog Management (product.md §2, §5, §7, §8): 'Create New Blog Post' / 'Edit Blog
 * Post' with every field of the spec, the SEO Settings section (with a search-result preview and
 * length counters) and the Local SEO Targeting section. The slug follows the title while it is
 * empty; lists are comma separated and sent as JSON lists; empty values, false booleans and the
 * category 'none' are left out of the multipart payload, which goes to the Blog screen's action
 * (intent 'create' or 'update'; decisions 0124, 0183). The editor is loaded lazily.
 */
import { Component, lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { CONNECTION_FAILED } from '#app/components/admin/admin-api.ts';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { type ActionAnswer } from '#app/modules/site/answers.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  BLOG_DEFAULTS,
  BLOG_TEXT,
  blogSlug,
  EDITOR_TEXT,
  SCHEMA_TYPES,
  SEO_LIMITS,
  type AdminBlogPost,
  type BlogCategory,
} from '#app/modules/blog/blog.ts';
import {
  blogFormSchema,
  emptyBlogForm,
  formToFormData,
  postToFormValues,
  type BlogFormValues,
} from '#app/modules/blog/blog.schema.ts';
import { EditorLoading } from './editor-loading.tsx';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** 'Failed to load editor. Please refresh the page.' when the editor's code cannot load or start. */
class EditorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-6 text-center text-sm font-medium text-red-800"
        >
          {EDITOR_TEXT.failed}
        </p>
      );
    }
    return this.props.children;
  }
}

type TextField = Exclude<keyof BlogFormValues, 'isFeatured' | 'allowComments'>;

const FEATURED_IMAGE_ONLY = 'Featured image must be an image file';

const LOCAL_SEO_FIELDS = [
  { name: 'cityFocus', label: 'Target Cities', placeholder: 'Winnipeg, Brandon, Steinbach' },
  { name: 'equipmentFocus', label: 'Equipment Types', placeholder: 'Trailer, Truck, Ag' },
  { name: 'localKeywords', label: 'Local Keywords', placeholder: 'trailer parts Manitoba' },
] as const;

export function PostDialog({
  open,
  onOpenChange,
  post,
  categories,
  defaultAuthor,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: 'Create New Blog Post' */
  post: AdminBlogPost | null;
  categories: readonly BlogCategory[];
  defaultAuthor: string;
  onSaved: () => void;
}) {
  const editing = post !== null;
  const [file, setFile] = useState<File | null>(null);
  /** 'Remove image' pressed: the saved post keeps no featured image (a new file still wins). */
  const [removeImage, setRemoveImage] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // the screen mounts a fresh dialog (new key) each time it opens
  const [values, setValues] = useState<BlogFormValues>(() =>
    post ? postToFormValues(post) : emptyBlogForm(defaultAuthor),
  );
  const {
    element,
    post: send,
    check,
    show,
    forget,
    messages,
    refusal,
    busy,
    field,
    error,
  } = useStaffForm<ActionAnswer<{ post: AdminBlogPost }>>({
    id: 'post',
    notice: 'Error',
    // without a word from the server (no connection), the screen's own
    words: (message) => (message === CONNECTION_FAILED ? BLOG_TEXT.saveFailed : message),
    done: () => {
      toast({ title: editing ? BLOG_TEXT.updated : BLOG_TEXT.created, description: BLOG_TEXT.savedText });
      onSaved();
    },
  });
  const fileError = messages().featuredImage;

  /** A field's new value; its message goes. */
  function set<N extends keyof BlogFormValues>(name: N, value: BlogFormValues[N]) {
    setValues((v) => ({ ...v, [name]: value }));
    forget(name);
  }
  const input = (name: TextField) => ({
    ...field(name),
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, e.currentTarget.value),
  });
  const { metaTitle, metaDescription, title, excerpt, slug } = values;

  // product.md §5: the slug is generated from the title while the slug is empty (and keeps following
  // the title while staff have not typed their own)
  const [slugFollows, setSlugFollows] = useState(!post);
  function setTitle(next: string) {
    const follows = slugFollows || values.slug === '';
    if (follows) setSlugFollows(true);
    setValues((v) => ({ ...v, title: next, slug: follows ? blogSlug(next) : v.slug }));
    forget('title');
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fileError || !check(blogFormSchema, values)) return;
    const body = formToFormData(values, file, { removeFeaturedImage: removeImage });
    body.append('intent', post ? 'update' : 'create');
    if (post) body.append('id', String(post.id));
    send(body);
  }

  const textarea = cn(fieldClass, 'min-h-20');

  const previewTitle = (metaTitle || title || 'Post title').trim();
  const previewDescription = (metaDescription || excerpt || '').trim();

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={editing ? BLOG_TEXT.editTitle : BLOG_TEXT.createTitle}
      size="wide"
      formRef={element}
      onSubmit={onSubmit}
      submitLabel={editing ? BLOG_TEXT.updatePost : BLOG_TEXT.saveDraft}
      busyLabel={BLOG_TEXT.saving}
      bodyClassName="space-y-5"
    >
      <Refusal message={refusal} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldRow id="post-title" label="Title" required>
          <Input
            {...field('title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            autoComplete="off"
          />
          {error('title')}
        </FieldRow>
        <FieldRow id="post-slug" label="URL Slug">
          <Input
            {...input('slug')}
            onChange={(e) => {
              setSlugFollows(e.currentTarget.value === '');
              set('slug', e.currentTarget.value);
            }}
            placeholder="auto-generated-from-title"
            autoComplete="off"
          />
          <p className="mt-1 text-xs text-slate-600">/blog/{slug || 'auto-generated-from-title'}</p>
          {error('slug')}
        </FieldRow>
      </div>
      <FieldRow id="post-excerpt" label="Excerpt (optional)">
        <textarea {...input('excerpt')} rows={2} className={textarea} />
        {error('excerpt')}
      </FieldRow>
      <div>
        <Label id="post-content-label" htmlFor="post-content" required>
          Content
        </Label>
        <EditorBoundary>
          <Suspense fallback={<EditorLoading />}>
            <RichTextEditor
              id="post-content"
              labelledBy="post-content-label"
              value={values.content}
              onChange={(html) => set('content', html)}
              invalid={Boolean(messages().content)}
              describedBy={field('content')['aria-describedby']}
            />
          </Suspense>
        </EditorBoundary>
        {error('content')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FieldRow id="post-categoryId" label="Category">
          <select {...input('categoryId')} className={cn(fieldClass, 'min-h-11')}>
            <option value={BLOG_DEFAULTS.category}>No category</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </FieldRow>
        <FieldRow id="post-schemaType" label="Content Type">
          <select {...input('schemaType')} className={cn(fieldClass, 'min-h-11')}>
            {SCHEMA_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </FieldRow>
        <FieldRow id="post-readTimeMinutes" label="Read Time (Minutes)">
          <Input {...input('readTimeMinutes')} type="number" min={1} max={240} inputMode="numeric" />
          {error('readTimeMinutes')}
        </FieldRow>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldRow id="post-featuredImage" label="Featured Image">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            {...field('featuredImage')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              forget('featuredImage');
              // product.md §5: the featured image must be a (picture) file
              if (chosen && !chosen.type.startsWith('image/')) {
                show(
                  {
                    message: FEATURED_IMAGE_ONLY,
                    fieldErrors: { featuredImage: [FEATURED_IMAGE_ONLY] },
                  },
                  { quiet: true },
                );
                setFile(null);
                return;
              }
              setFile(chosen);
            }}
            className="block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-slate-900 file:px-4 file:font-semibold file:text-white hover:file:bg-slate-700"
          />
          {error('featuredImage')}
          {post?.featuredImage && !file && (
            // one button that toggles, so focus stays on it when the picture gives way to the notice
            <div className="mt-2 flex flex-wrap items-end gap-3">
              {removeImage ? (
                <p className="text-sm text-slate-700">The featured image will be removed when you save.</p>
              ) : (
                <img
                  src={post.featuredImage}
                  alt="Current featured"
                  width={160}
                  height={90}
                  className="h-[90px] w-40 rounded-md object-cover"
                />
              )}
              <Button type="button" variant="outline" onClick={() => setRemoveImage((remove) => !remove)}>
                {removeImage ? 'Keep image' : 'Remove image'}
              </Button>
            </div>
          )}
        </FieldRow>
        <FieldRow id="post-authorName" label="Author" required>
          <Input {...input('authorName')} autoComplete="off" />
          {error('authorName')}
        </FieldRow>
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="isFeatured"
            checked={values.isFeatured}
            onChange={(e) => set('isFeatured', e.currentTarget.checked)}
            className="h-5 w-5 accent-orange-700"
          />
          Featured Post
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="allowComments"
            checked={values.allowComments}
            onChange={(e) => set('allowComments', e.currentTarget.checked)}
            className="h-5 w-5 accent-orange-700"
          />
          Allow Comments
        </label>
      </div>
      <FieldRow id="post-tags" label="Tags (comma separated)">
        <Input {...input('tags')} placeholder="Trailer Parts, Winter, Maintenance" />
      </FieldRow>

      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-bold text-slate-900">SEO Settings</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldRow id="post-metaTitle" label="Meta Title">
            <Input {...input('metaTitle')} aria-describedby="post-metaTitle-count" />
            <Counter id="post-metaTitle-count" length={metaTitle.length} limit={SEO_LIMITS.title} />
          </FieldRow>
          <FieldRow id="post-canonicalUrl" label="Canonical URL">
            <Input {...input('canonicalUrl')} type="url" placeholder="https://" />
            {error('canonicalUrl')}
          </FieldRow>
          <FieldRow id="post-metaDescription" label="Meta Description">
            <textarea
              {...input('metaDescription')}
              rows={3}
              className={textarea}
              aria-describedby="post-metaDescription-count"
            />
            <Counter
              id="post-metaDescription-count"
              length={metaDescription.length}
              limit={SEO_LIMITS.description}
            />
          </FieldRow>
          <FieldRow id="post-authorBio" label="Author Bio">
            <textarea {...input('authorBio')} rows={3} className={textarea} />
          </FieldRow>
        </div>
        <div
          className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3"
          aria-label="Search result preview"
          role="group"
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Search preview</p>
          <p className="mt-1 truncate text-lg text-blue-800">{previewTitle}</p>
          <p className="truncate text-sm text-green-800">/blog/{slug || blogSlug(title) || ''}</p>
          <p className="line-clamp-2 text-sm text-slate-700">
            {previewDescription || 'Add an excerpt or meta description.'}
          </p>
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-bold text-slate-900">Local SEO Targeting</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {LOCAL_SEO_FIELDS.map(({ name, label, placeholder }) => (
            <FieldRow key={name} id={`post-${name}`} label={label}>
              <Input {...input(name)} placeholder={placeholder} />
            </FieldRow>
          ))}
        </div>
      </fieldset>
    </EditorDialog>
  );
}

function Counter({ id, length, limit }: { id: string; length: number; limit: number }) {
  return (
    <p
      id={id}
      className={cn('mt-1 text-xs', length > limit ? 'font-semibold text-red-700' : 'text-slate-600')}
    >
      {length}/{limit} characters{length > limit ? ' (may be cut off in search results)' : ''}
    </p>
  );
}
