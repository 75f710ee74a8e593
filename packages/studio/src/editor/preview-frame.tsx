import { useEffect, useLayoutEffect, useRef } from 'react';
import { type DeviceView, deviceViews } from '../screen-size';
import { trustedPreviewHtml } from './clean-html';
import { previewCss } from './preview-engine';

/** Selection outline and pointer for the blocks in the preview. */
const STUDIO_CSS =
  '.studio-selected{outline:2px solid #2f5d50;outline-offset:4px}[data-block-id]{cursor:pointer}';

/**
 * The draft as visitors will see it, rendered in the browser into a frame with the theme's
 * stylesheet, at the chosen device width. Clicking a block selects it for editing.
 *
 * The frame is sandboxed without scripts: the studio writes its content and listens for
 * clicks from outside, and nothing inside it (the page's HTML, an owner's code block) can
 * run. Its document is built with DOM calls and the body set from DOMPurify's TrustedHTML,
 * as the studio's Trusted Types policy requires.
 */
export function PreviewFrame(props: {
  html: string;
  renderMs: number;
  device: DeviceView;
  selected: string | null;
  onSelect(id: string): void;
}) {
  const ref = useRef<HTMLIFrameElement>(null);
  const width = deviceViews.find((d) => d.id === props.device)?.width;
  const { onSelect, selected } = props;
  const select = useRef(onSelect);
  select.current = onSelect;

  // The frame's document: the theme's styles and an empty article for the blocks.
  useLayoutEffect(() => {
    const doc = ref.current?.contentDocument;
    if (!doc || doc.querySelector('.page-content--blocks')) return;
    doc.documentElement.lang = 'en';
    const meta = doc.createElement('meta');
    meta.name = 'viewport';
    meta.content = 'width=device-width, initial-scale=1';
    // Links in the preview open in a new tab instead of navigating the frame.
    const base = doc.createElement('base');
    base.target = '_blank';
    const style = doc.createElement('style');
    style.textContent = previewCss + STUDIO_CSS;
    doc.head.append(meta, base, style);
    doc.body.className = 'studio-preview';
    const main = doc.createElement('main');
    main.className = 'site-main';
    const article = doc.createElement('article');
    article.className = 'page-content page-content--blocks';
    main.append(article);
    doc.body.append(main);
    doc.addEventListener('click', (event) => {
      event.preventDefault();
      const block = (event.target as Element).closest?.('[data-block-id]');
      if (block) select.current(block.getAttribute('data-block-id') ?? '');
    });
  }, []);

  // Update the body in place (no reload, no flash).
  useEffect(() => {
    const doc = ref.current?.contentDocument;
    const article = doc?.querySelector('.page-content--blocks');
    if (article) article.innerHTML = trustedPreviewHtml(props.html);
    doc?.querySelectorAll('[data-block-id]').forEach((el) => {
      el.classList.toggle('studio-selected', el.getAttribute('data-block-id') === selected);
    });
  }, [props.html, selected]);

  return (
    <section className="stage" aria-label="Page preview" data-render-ms={props.renderMs.toFixed(2)}>
      <iframe
        ref={ref}
        className="stage__frame"
        title="Page preview"
        sandbox="allow-same-origin"
        style={{ width: width ? `${width}px` : '100%' }}
        data-device={props.device}
      />
    </section>
  );
}
