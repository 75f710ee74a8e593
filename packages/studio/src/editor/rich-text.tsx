import { isLinkOf } from '@store/commerce';
import { useEffect, useRef } from 'react';
import { trustedHtml } from './clean-html';

/**
 * Rich text for the text block: an editable region with Bold, Italic and Link. The HTML it
 * produces is the block's `html` prop (sanitised by the server when saved, and by the site
 * when shown). What it loads is cleaned by the same policy before it enters the region.
 */
export function RichText({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(html: string): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Only push outside changes (undo, another block) into the region: typing must keep the caret.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = trustedHtml(value, 'rich');
  }, [value]);
  const command = (name: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(name, false, arg);
    if (ref.current) onChange(ref.current.innerHTML);
  };
  return (
    <div className="rich">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="rich__toolbar" role="toolbar" aria-label={`${label} formatting`}>
        <button
          type="button"
          className="icon"
          aria-label="Bold"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('bold')}
        >
          <b>B</b>
        </button>
        <button
          type="button"
          className="icon"
          aria-label="Italic"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('italic')}
        >
          <i>I</i>
        </button>
        <button
          type="button"
          className="icon"
          aria-label="Link"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const url = window.prompt('Link address (https://… or /page)')?.trim();
            if (url && isLinkOf(url, ['web', 'path', 'mailto'])) command('createLink', url);
          }}
        >
          <u>a</u>
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text (bold, links) needs an editable region, not a textarea. */}
      <div
        id={id}
        ref={ref}
        className="rich__area rich-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        tabIndex={0}
        onInput={(e) => onChange((e.target as HTMLDivElement).innerHTML)}
      />
    </div>
  );
}
