/**
 * The rich-text editor's toolbar (product.md §2 'Rich-text editor'): the spec's buttons (bold, italic,
 * underline, strikethrough, headings 1-3, lists, blockquote, alignment, link, image, undo, redo)
 * plus justify, image alt text, text colour, highlight, font family, font size and line height.
 * Each button shows whether its format is on where the cursor is (aria-pressed).
 */
import { useEditorState, type Editor } from '@tiptap/react';
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
import { cn } from '#app/components/ui/cn.ts';
import { EDITOR_TEXT } from '#app/modules/blog/blog.ts';

const FONT_FAMILIES = [
  { label: 'Default font', value: '' },
  { label: 'Sans serif', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Serif', value: 'Georgia, serif' },
  { label: 'Monospace', value: 'Courier New, monospace' },
];
const FONT_SIZES = ['', '14px', '16px', '18px', '20px', '24px', '30px'];
const LINE_HEIGHTS = ['', '1.2', '1.5', '1.8', '2'];

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

export function Toolbar({ editor, showError }: { editor: Editor; showError: (m: string) => void }) {
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
    // product.md §2: toggles off when on a link; otherwise asks 'Enter URL:'
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
