/**
 * The post body editor (SPEC §2 'Rich-text editor'; §9 'Editor'): Tiptap with the spec's toolbar
 * (bold, italic, underline, strikethrough, headings 1-3, bullet and numbered lists, blockquote,
 * align left/center/right, link, image, undo, redo) plus justify, text colour, highlight, font
 * family, font size, line height and image alt text. Pasted or dropped pictures are uploaded
 * through the image pipeline and inserted by URL (decision 0030), not kept as base64 data.
 * Loaded lazily, from the admin blog screen only: Tiptap never reaches public bundles.
 */
import { Highlight } from '@tiptap/extension-highlight';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Highlighter,
  ImageIcon,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '#app/components/admin/admin-api.ts';
import { cn } from '#app/components/ui/cn.ts';
import { EDITOR_LIMITS, EDITOR_TEXT } from '#app/modules/blog/blog.ts';
import { EditorLoading } from './editor-loading.tsx';

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

const FONT_FAMILIES = [
  { label: 'Default font', value: '' },
  { label: 'Sans serif', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Serif', value: 'Georgia, serif' },
  { label: 'Monospace', value: 'Courier New, monospace' },
];
const FONT_SIZES = ['', '14px', '16px', '18px', '20px', '24px', '30px'];
const LINE_HEIGHTS = ['', '1.2', '1.5', '1.8', '2'];

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

  // SPEC §2/§9: editor errors show in a banner for 5 seconds
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

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 disabled:opacity-40',
        active && 'bg-slate-900 text-white hover:bg-slate-700',
      )}
    >
      {children}
    </button>
  );
}

const Sep = () => <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />;

const selectClass =
  'h-11 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:outline-none focus:ring-2 focus:ring-orange-500/40';

function Toolbar({ editor, showError }: { editor: Editor; showError: (m: string) => void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      justify: e.isActive({ textAlign: 'justify' }),
      link: e.isActive('link'),
      highlight: e.isActive('highlight'),
      image: e.isActive('image'),
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#0f172a',
      fontFamily: (e.getAttributes('textStyle').fontFamily as string | undefined) ?? '',
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      lineHeight: (e.getAttributes('textStyle').lineHeight as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  function toggleLink() {
    // SPEC §2: toggles off when on a link; otherwise asks 'Enter URL:'
    if (editor.isActive('link')) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    const url = window.prompt(EDITOR_TEXT.enterUrl)?.trim();
    if (!url) return;
    const href = /^(https?:|mailto:|\/)/i.test(url) ? url : `https://${url}`;
    if (editor.state.selection.empty) {
      chain()
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
  }

  function addImage() {
    const url = window.prompt(EDITOR_TEXT.enterImageUrl)?.trim();
    if (!url) return;
    if (!/^(https?:\/\/|\/)/i.test(url)) {
      showError(EDITOR_TEXT.insertFailed);
      return;
    }
    try {
      chain().setImage({ src: url, alt: '' }).run();
    } catch {
      showError(EDITOR_TEXT.insertFailed);
    }
  }

  function imageAlt() {
    const current = (editor.getAttributes('image').alt as string | undefined) ?? '';
    const alt = window.prompt('Describe the image (alt text):', current);
    if (alt === null) return;
    chain()
      .updateAttributes('image', { alt: alt.trim(), title: alt.trim() || null })
      .run();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 p-1"
    >
      <ToolButton label="Bold" active={s.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Italic" active={s.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Underline" active={s.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Strikethrough" active={s.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <ToolButton label="Heading 1" active={s.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
        <Heading1 className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Heading 2" active={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Heading 3" active={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <ToolButton label="Bullet list" active={s.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Numbered list" active={s.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Blockquote" active={s.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <ToolButton label="Align left" active={s.left} onClick={() => chain().setTextAlign('left').run()}>
        <AlignLeft className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Align center" active={s.center} onClick={() => chain().setTextAlign('center').run()}>
        <AlignCenter className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Align right" active={s.right} onClick={() => chain().setTextAlign('right').run()}>
        <AlignRight className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Justify" active={s.justify} onClick={() => chain().setTextAlign('justify').run()}>
        <AlignJustify className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <ToolButton label={s.link ? 'Remove link' : 'Link'} active={s.link} onClick={toggleLink}>
        <Link2 className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Image" onClick={addImage}>
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Image alt text" disabled={!s.image} onClick={imageAlt}>
        <ImageIcon className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <label
        className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-md hover:bg-slate-200"
        title="Text colour"
      >
        <span className="sr-only">Text colour</span>
        <input
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(s.color) ? s.color : '#0f172a'}
          onChange={(e) => chain().setColor(e.target.value).run()}
          className="h-6 w-6 cursor-pointer border-0 bg-transparent p-0"
        />
      </label>
      <ToolButton
        label="Highlight"
        active={s.highlight}
        onClick={() => chain().toggleHighlight({ color: '#fde68a' }).run()}
      >
        <Highlighter className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <select
        aria-label="Font family"
        className={selectClass}
        value={s.fontFamily}
        onChange={(e) =>
          e.target.value ? chain().setFontFamily(e.target.value).run() : chain().unsetFontFamily().run()
        }
      >
        {FONT_FAMILIES.map((f) => (
          <option key={f.label} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <select
        aria-label="Font size"
        className={selectClass}
        value={s.fontSize}
        onChange={(e) =>
          e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run()
        }
      >
        {FONT_SIZES.map((size) => (
          <option key={size} value={size}>
            {size || 'Size'}
          </option>
        ))}
      </select>
      <select
        aria-label="Line height"
        className={selectClass}
        value={s.lineHeight}
        onChange={(e) =>
          e.target.value ? chain().setLineHeight(e.target.value).run() : chain().unsetLineHeight().run()
        }
      >
        {LINE_HEIGHTS.map((lh) => (
          <option key={lh} value={lh}>
            {lh ? `Line ${lh}` : 'Line height'}
          </option>
        ))}
      </select>
      <Sep />
      <ToolButton label="Undo" disabled={!s.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!s.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
    </div>
  );
}
