import { isLinkOf } from '@store/commerce';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import { DOMParser as ProseMirrorParser } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import { type Editor, EditorContent, Extension, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { trustedHtml } from './clean-html';
import { LinkPicker } from './pickers/link-picker';
import { describeTags, echoOf, storedHtml, unsupportedTags } from './rich-text-content';
import { RichTextToolbar } from './rich-text-toolbar';
import './rich-text.css';

/** What a link in rich text may point at (the HTML policy keeps exactly these). */
const LINK_KINDS = ['path', 'fragment', 'web', 'mailto', 'tel'] as const;

/**
 * HTML as a DOM body, through DOMPurify with the site's policy: the studio's Trusted Types
 * refuse a raw string to the browser's parser, and nothing unclean enters the editor.
 */
function parseBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(trustedHtml(html, 'rich'), 'text/html').body;
}

/**
 * Replace the document with `html` (not an edit: no undo step, no change reported). Spaces
 * are kept as written: the parser's default drops a paragraph's trailing space, and text the
 * editor wrote itself, loaded back while the owner types, would lose the space just typed.
 */
function setDocument(editor: Editor, html: string) {
  const doc = ProseMirrorParser.fromSchema(editor.schema).parse(parseBody(html), {
    preserveWhitespace: true,
  });
  const { tr, doc: current } = editor.state;
  editor.view.dispatch(
    tr
      .replaceWith(0, current.content.size, doc.content)
      .setMeta('addToHistory', false)
      .setMeta('preventUpdate', true),
  );
}

/**
 * Pasted or dropped HTML goes through the same cleaning before the editor reads it (the
 * editor's own clipboard parser writes raw HTML, which Trusted Types refuse).
 */
function insertHtml(view: EditorView, html: string, at?: number): boolean {
  const slice = ProseMirrorParser.fromSchema(view.state.schema).parseSlice(parseBody(html));
  const tr =
    at === undefined ? view.state.tr.replaceSelection(slice) : view.state.tr.replaceRange(at, at, slice);
  view.dispatch(tr.scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
  return true;
}

export interface RichTextEditorProps {
  /** The HTML shown ('' for none): loaded through the site's HTML policy. */
  value: string;
  /** Every edit, as HTML the server's sanitiser keeps ('' when the text is emptied). */
  onChange(html: string): void;
  /** The text area's accessible name (also the toolbar's: "<label> formatting"). */
  label: string;
  /** An element that names the text area instead (a visible label). */
  labelledBy?: string;
  /** An id for the text area itself. */
  id?: string;
  /** Greyed text while empty; never part of the value. */
  placeholder?: string;
  autoFocus?: boolean;
  /** When focus leaves the text area, with its HTML. */
  onBlur?(html: string): void;
  className?: string;
}

/**
 * The rich-text editor (Tiptap): bold, italic, headings 2–4, bulleted and numbered lists,
 * quotes, links to a page, a product or an address (the link picker), undo and redo, each
 * on the toolbar and by keyboard. It works in a side panel and laid over a block in place.
 *
 * HTML with parts the editor cannot keep (images, tables…) is not silently changed: it is
 * shown as HTML, with the choice to edit it as rich text and lose them.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [asHtml, setAsHtml] = useState(() => unsupportedTags(props.value).length > 0);
  const tags = unsupportedTags(props.value);
  if (asHtml) return <HtmlSource {...props} tags={tags} onRichText={() => setAsHtml(false)} />;
  return <RichTextArea {...props} onUnsupported={() => setAsHtml(true)} />;
}

function HtmlSource({
  value,
  onChange,
  label,
  labelledBy,
  id,
  className,
  onBlur,
  tags,
  onRichText,
}: RichTextEditorProps & { tags: string[]; onRichText(): void }) {
  const noteId = useId();
  return (
    <div className={`rich rich--source${className ? ` ${className}` : ''}`}>
      <p className="rich__notice" id={noteId}>
        {tags.length
          ? `This text has ${describeTags(tags)} that the rich-text editor cannot keep, so it is shown as HTML.`
          : 'Shown as HTML.'}{' '}
        <button type="button" className="btn btn--plain" onClick={onRichText}>
          {tags.length ? `Edit as rich text (removes the ${describeTags(tags)})` : 'Edit as rich text'}
        </button>
      </p>
      <textarea
        id={id}
        className="rich__area rich__source"
        rows={8}
        value={value}
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        aria-describedby={noteId}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => onBlur?.(e.target.value)}
      />
    </div>
  );
}

function RichTextArea({
  value,
  onChange,
  label,
  labelledBy,
  id,
  placeholder,
  autoFocus,
  onBlur,
  className,
  onUnsupported,
}: RichTextEditorProps & { onUnsupported(): void }) {
  // What this editor reported and has not yet seen come back as `value`, oldest first. A
  // parent may hand back an older report while the owner types on (it renders a keystroke
  // behind): that is an echo, not a change, and reloading it would drop the newer letters.
  const reported = useRef<string[]>([]);
  const latest = useRef({ onChange, onBlur, value, autoFocus });
  latest.current = { onChange, onBlur, value, autoFocus };
  const [link, setLink] = useState<{ href: string } | null>(null);
  const openLink = useRef(() => {});

  const editor = useEditor(
    {
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3, 4] },
          link: false,
          // No empty paragraph forced after a heading or a list: it would be stored.
          trailingNode: false,
        }),
        Link.configure({
          openOnClick: false,
          // Typing after a link does not extend it.
          autolink: false,
          linkOnPaste: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => isLinkOf(url, LINK_KINDS),
        }),
        Placeholder.configure({ placeholder: placeholder ?? '' }),
        Extension.create({
          name: 'linkPicker',
          addKeyboardShortcuts: () => ({
            'Mod-k': () => {
              openLink.current();
              return true;
            },
          }),
        }),
      ],
      // Tiptap's own style tag is written through innerHTML, which Trusted Types refuse: rich-text.css has it.
      injectCSS: false,
      // An empty document as data: Tiptap would parse a string with the raw DOMParser. onCreate loads the value.
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
      editorProps: {
        attributes: {
          ...(id ? { id } : {}),
          class: 'rich__area rich-text',
          role: 'textbox',
          'aria-multiline': 'true',
          ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label }),
        },
        handleDOMEvents: {
          paste: (view, event) => {
            const html = event.clipboardData?.getData('text/html');
            if (!html) return false;
            event.preventDefault();
            return insertHtml(view, html);
          },
          drop: (view, event) => {
            const html = event.dataTransfer?.getData('text/html');
            if (!html || view.dragging) return false;
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            event.preventDefault();
            return insertHtml(view, html, at);
          },
        },
      },
      onCreate: ({ editor: created }) => {
        setDocument(created, latest.current.value);
        if (latest.current.autoFocus) created.commands.focus('end');
      },
      onUpdate: ({ editor: changed }) => {
        const html = storedHtml(changed.getHTML(), changed.isEmpty);
        reported.current = [...reported.current.slice(-49), html];
        latest.current.onChange(html);
      },
      onBlur: ({ editor: left }) => latest.current.onBlur?.(storedHtml(left.getHTML(), left.isEmpty)),
    },
    [],
  );

  // A value from elsewhere (undo in the page editor, another language) replaces the text.
  useEffect(() => {
    if (!editor) return;
    const echo = echoOf(reported.current, value, storedHtml(editor.getHTML(), editor.isEmpty));
    reported.current = echo.pending;
    if (echo.ours) return;
    if (unsupportedTags(value).length) return onUnsupported();
    setDocument(editor, value);
  }, [editor, value, onUnsupported]);

  openLink.current = () => {
    if (editor) setLink({ href: String(editor.getAttributes('link').href ?? '') });
  };

  if (!editor) return null;
  return (
    <div className={`rich${className ? ` ${className}` : ''}`}>
      <RichTextToolbar editor={editor} label={label} onLink={() => openLink.current()} />
      <EditorContent editor={editor} />
      {link && (
        <LinkPicker
          href={link.href}
          onClose={() => {
            setLink(null);
            editor.commands.focus();
          }}
          onRemove={() => {
            setLink(null);
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
          }}
          onPick={({ href, text }) => {
            setLink(null);
            const chain = editor.chain().focus();
            // Nothing selected: the page's or product's name (or the address) becomes the linked words.
            if (editor.state.selection.empty && !editor.isActive('link'))
              chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
            else chain.extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </div>
  );
}

/**
 * The rich-text editor with its visible label, for forms (text blocks, product descriptions,
 * blog posts, form messages, translations). `id` is the text area's.
 */
export function RichText({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange(html: string): void;
  placeholder?: string;
}) {
  return (
    <div className="rich-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <RichTextEditor
        id={id}
        label={label}
        labelledBy={`${id}-label`}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
      />
    </div>
  );
}
