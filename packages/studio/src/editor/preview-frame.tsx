import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { type DeviceView, deviceViews } from '../screen-size';
import { trustedPreviewHtml } from './clean-html';
import { previewCss } from './preview-engine';

/**
 * Blocks are picked and dragged on the canvas: a pointer over them, and no text selection
 * or native image drag getting in the way (the outline and controls are the canvas's own
 * layer, outside the frame, so the page's markup stays the site's).
 */
const STUDIO_CSS =
  '[data-block-id]{cursor:pointer;-webkit-user-select:none;user-select:none}[data-block-id] img{-webkit-user-drag:none}';

/**
 * The draft as visitors will see it, rendered in the browser into a frame with the theme's
 * stylesheet, at the chosen device width. Clicking a block selects it for editing.
 *
 * The frame is sandboxed without scripts: the studio writes its content and listens to it
 * from outside (the canvas, `children`, laid over it), and nothing inside it (the page's
 * HTML, an owner's code block) can run. Its document is built with DOM calls and the body
 * set from DOMPurify's TrustedHTML, as the studio's Trusted Types policy requires. After
 * each write the frame element gets a `preview-rendered` event, so the canvas measures again.
 */
export function PreviewFrame(props: {
  html: string;
  renderMs: number;
  device: DeviceView;
  /** Once the frame's document is built. */
  onReady?(frame: HTMLIFrameElement): void;
  /** Shown above the frame (the phone view's note). */
  header?: ReactNode;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLIFrameElement>(null);
  const width = deviceViews.find((d) => d.id === props.device)?.width;
  const ready = useRef(props.onReady);
  ready.current = props.onReady;

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
    // Links in the preview do not navigate; a click picks a block (the canvas listens).
    doc.addEventListener('click', (event) => event.preventDefault());
  }, []);
  useEffect(() => {
    if (ref.current) ready.current?.(ref.current);
  }, []);

  // Update the body in place (no reload, no flash).
  useEffect(() => {
    const frame = ref.current;
    const article = frame?.contentDocument?.querySelector('.page-content--blocks');
    if (!frame || !article) return;
    article.innerHTML = trustedPreviewHtml(props.html);
    frame.dispatchEvent(new Event('preview-rendered'));
  }, [props.html]);

  return (
    <section className="stage" aria-label="Page preview" data-render-ms={props.renderMs.toFixed(2)}>
      {/* The device width is the page's: the frame's border comes on top of it. */}
      <div className="canvas" style={{ width: width ? `${width + 2}px` : '100%' }}>
        {props.header}
        <div className="canvas__viewport">
          <iframe
            ref={ref}
            className="stage__frame"
            title="Page preview"
            sandbox="allow-same-origin"
            data-device={props.device}
          />
          {props.children}
        </div>
      </div>
    </section>
  );
}
