/**
 * The post body editor (product.md §2 'Rich-text editor'; §9 'Editor'): Tiptap with the spec's toolbar
 * (bold, italic, underline, strikethrough, headings 1-3, bullet and numbered lists, blockquote,
 * align left/center/right, link, image, undo, redo) plus justify, text colour, highlight, font
 * family, font size, line height and image alt text. Pasted or dropped pictures are uploaded
 * through the image pipeline and inserted by URL (decision 0030), not kept as base64 data.
 * Loaded lazily, from the admin blog screen only: Tiptap never reaches public bundles. The toolbar
 * is in editor-toolbar.tsx.
 */
import { Highlight } from '@tiptap/extension-highlight';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '#app/components/admin/admin-api.ts';
import { cn } from '#app/components/ui/cn.ts';
import { EDITOR_LIMITS, EDITOR_TEXT } from '#app/modules/blog/blog.ts';
import { EditorLoading } from './editor-loading.tsx';
import { Toolbar } from './editor-toolbar.tsx';

/** The writing area: readable type, and the placeholder on the empty first paragraph. */
const EDITOR_CONTENT_CLASS = [
  'px-4 py-3 text-base leading-relaxed text-slate-900 focus:outline-none',
  '[&_h1]:mt-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:mt-3 [&>:first-child]:mt-0 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_a]:text-orange-800 [&_a]:underline [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md',
  '[&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-orange-500 [&_mark]:rounded-sm [&_mark]:px-0.5',
  '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
].join(' ');

export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  id?: string;
  labelledBy?: string;
  invalid?: boolean;
  describedBy?: string;
};

function imageFiles(list: DataTransfer | null): File[] {
  if (!list) return [];
  return Array.from(list.files ?? []).filter((f) => f.type.startsWith('image/'));
}

export default function RichTextEditor({
  value,
  onChange,
  id,
  labelledBy,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const [error, setError] = useState<string | null>(null);
  const errorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // product.md §2/§9: editor errors show in a banner for 5 seconds
  const showError = useCallback((message: string) => {
    setError(message);
    clearTimeout(errorTimer.current);
    errorTimer.current = setTimeout(() => setError(null), EDITOR_LIMITS.errorBannerMs);
  }, []);
  useEffect(() => () => clearTimeout(errorTimer.current), []);

  /** Uploads pasted or dropped pictures and inserts each by URL where the cursor (or drop) is. */
  const insertFiles = useCallback(
    async (view: EditorView, files: File[], at?: number) => {
      for (const file of files) {
        let uploaded;
        try {
          uploaded = await adminApi.blog.uploadImage(file);
        } catch {
          showError(EDITOR_TEXT.addFailed);
          continue;
        }
        try {
          const alt =
            file.name && !/^image\.\w+$/i.test(file.name)
              ? file.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ')
              : '';
          const node = view.state.schema.nodes.image!.create({
            src: uploaded.url,
            alt,
            width: uploaded.width,
            height: uploaded.height,
          });
          const tr =
            at !== undefined ? view.state.tr.insert(at, node) : view.state.tr.replaceSelectionWith(node);
          view.dispatch(tr.scrollIntoView());
        } catch {
          showError(EDITOR_TEXT.insertFailed);
        }
      }
    },
    [showError],
  );

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [...EDITOR_LIMITS.headingLevels] },
        undoRedo: { depth: EDITOR_LIMITS.undoDepth, newGroupDelay: EDITOR_LIMITS.newGroupDelayMs },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      TextStyleKit,
      Highlight.configure({ multicolor: true }),
      TextAlign.configure({
        types: ['heading', 'paragraph'],
        alignments: ['left', 'center', 'right', 'justify'],
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: EDITOR_TEXT.placeholder }),
    ],
    content: value,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: EDITOR_CONTENT_CLASS,
        style: `min-height: ${EDITOR_LIMITS.minHeightPx}px`,
      },
      handlePaste: (view, event) => {
        const items = Array.from(event.clipboardData?.items ?? []).filter(
          (item) => item.kind === 'file' && item.type.startsWith('image/'),
        );
        if (!items.length) return false;
        event.preventDefault();
        const files = items.map((item) => item.getAsFile()).filter((f): f is File => f !== null);
        if (files.length < items.length) showError(EDITOR_TEXT.readFailed);
        void insertFiles(view, files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles((event as DragEvent).dataTransfer);
        if (!files.length) return false;
        event.preventDefault();
        const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertFiles(view, files, pos);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      try {
        onChangeRef.current(e.isEmpty ? '' : e.getHTML());
      } catch {
        showError(EDITOR_TEXT.updateFailed);
      }
    },
  });

  // a new value from outside (the dialog opened on another post) replaces the content
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  if (!editor) {
    return <EditorLoading />;
  }

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border bg-white',
        invalid ? 'border-red-700' : 'border-slate-300',
      )}
    >
      <Toolbar editor={editor} showError={showError} />
      {error && (
        <p
          role="alert"
          className="border-b border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
