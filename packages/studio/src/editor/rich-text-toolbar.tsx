import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useState } from 'react';
import { shortcutLabel } from './rich-text-content';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

interface Action {
  id: string;
  /** The accessible name (and the tooltip's first words). */
  label: string;
  /** What the button shows. */
  face: string;
  keys: string;
  /** A format that is on or off where the cursor is (aria-pressed). */
  toggle?: boolean;
  run(editor: Editor): void;
}

const ACTIONS: readonly (Action | { gap: string })[] = [
  {
    id: 'bold',
    label: 'Bold',
    face: 'B',
    keys: 'Mod+B',
    toggle: true,
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    id: 'italic',
    label: 'Italic',
    face: 'I',
    keys: 'Mod+I',
    toggle: true,
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  { gap: 'marks' },
  ...([2, 3, 4] as const).map(
    (level): Action => ({
      id: `h${level}`,
      // The name holds the face ("H2"): what a speech user sees is what they say.
      label: `H${level} heading`,
      face: `H${level}`,
      keys: `Mod+Alt+${level}`,
      toggle: true,
      run: (e) => e.chain().focus().toggleHeading({ level }).run(),
    }),
  ),
  { gap: 'headings' },
  {
    id: 'bulletList',
    label: 'Bulleted list',
    face: '• List',
    keys: 'Mod+Shift+8',
    toggle: true,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'orderedList',
    label: 'Numbered list',
    face: '# List',
    keys: 'Mod+Shift+7',
    toggle: true,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'blockquote',
    label: 'Quote',
    face: '“ ”',
    keys: 'Mod+Shift+B',
    toggle: true,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  { gap: 'blocks' },
  { id: 'link', label: 'Link', face: 'Link', keys: 'Mod+K', toggle: true, run: () => undefined },
  { gap: 'links' },
  { id: 'undo', label: 'Undo', face: '↶', keys: 'Mod+Z', run: (e) => e.chain().focus().undo().run() },
  { id: 'redo', label: 'Redo', face: '↷', keys: 'Mod+Shift+Z', run: (e) => e.chain().focus().redo().run() },
];
const BUTTONS = ACTIONS.filter((a): a is Action => !('gap' in a));

/** aria-keyshortcuts wants key names ("Control+B", "Meta+Shift+Z"). */
const ariaKeys = (keys: string) => keys.replace('Mod', MAC ? 'Meta' : 'Control');

/**
 * The editor's toolbar (one Tab stop; the arrow keys, Home and End move along it). Each
 * button is named, shows its shortcut in its tooltip, and says whether its format is on.
 */
export function RichTextToolbar({
  editor,
  label,
  onLink,
}: {
  editor: Editor;
  label: string;
  onLink(): void;
}) {
  const [current, setCurrent] = useState(0);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  }) as Record<string, boolean>;

  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: BUTTONS.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + BUTTONS.length) % BUTTONS.length;
    setCurrent(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  let index = -1;
  return (
    <div className="rich__toolbar" role="toolbar" aria-label={`${label} formatting`} onKeyDown={keys}>
      {ACTIONS.map((action) => {
        if ('gap' in action) return <span key={action.gap} className="rich__gap" aria-hidden="true" />;
        index += 1;
        const at = index;
        const disabled = (action.id === 'undo' || action.id === 'redo') && !state[action.id];
        return (
          <button
            key={action.id}
            type="button"
            className={`rich__button rich__button--${action.id}`}
            aria-label={action.label}
            aria-pressed={action.toggle ? Boolean(state[action.id]) : undefined}
            aria-keyshortcuts={ariaKeys(action.keys)}
            aria-disabled={disabled || undefined}
            title={`${action.label} (${shortcutLabel(action.keys, MAC)})`}
            tabIndex={at === current ? 0 : -1}
            // Keep the text's selection: the button acts on it.
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setCurrent(at)}
            onClick={() => {
              if (disabled) return;
              if (action.id === 'link') onLink();
              else action.run(editor);
            }}
          >
            {action.face}
          </button>
        );
      })}
    </div>
  );
}
