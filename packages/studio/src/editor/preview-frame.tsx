import { useEffect, useRef } from 'react';
import { type DeviceView, deviceViews } from '../screen-size';
import { previewDocument } from './preview-engine';

/**
 * The draft as visitors will see it, rendered in the browser into a frame with the
 * theme's stylesheet, at the chosen device width. Clicking a block selects it for editing.
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

  // Update the body in place (no reload, no flash) once the frame has its document.
  useEffect(() => {
    const doc = ref.current?.contentDocument;
    const article = doc?.querySelector('.page-content--blocks');
    if (article) article.innerHTML = props.html;
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
        srcDoc={previewDocument(props.html)}
        style={{ width: width ? `${width}px` : '100%' }}
        data-device={props.device}
        onLoad={() => {
          const doc = ref.current?.contentDocument;
          if (!doc) return;
          const style = doc.createElement('style');
          style.textContent =
            '.studio-selected{outline:2px solid #2f5d50;outline-offset:4px}[data-block-id]{cursor:pointer}';
          doc.head.append(style);
          doc.addEventListener('click', (event) => {
            event.preventDefault();
            const block = (event.target as Element).closest('[data-block-id]');
            if (block) onSelect(block.getAttribute('data-block-id')!);
          });
        }}
      />
    </section>
  );
}
