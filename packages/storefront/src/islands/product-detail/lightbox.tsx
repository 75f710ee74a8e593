import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Modal } from '../../components/modal';

/**
 * The product lightbox: the pictures large, previous/next (buttons and arrow keys), and a
 * click on the picture zooms it 2× around the point clicked (again to zoom out). Closes like
 * every dialog here: close button, Escape, outside click.
 */
function Lightbox(props: { urls: string[]; start: number; alt: string; onClose: () => void }) {
  const { urls } = props;
  const [index, setIndex] = useState(props.start);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const go = (step: number) => {
    setZoom(null);
    setIndex((i) => (i + step + urls.length) % urls.length);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (urls.length < 2) return;
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  return (
    <Modal title={props.alt} onClose={props.onClose} className="lightbox">
      <div className="lightbox__stage" data-testid="lightbox">
        <button
          type="button"
          className={`lightbox__zoom${zoom ? ' is-zoomed' : ''}`}
          aria-label={zoom ? 'Zoom out' : 'Zoom in'}
          aria-pressed={Boolean(zoom)}
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            setZoom(
              zoom
                ? null
                : { x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 },
            );
          }}
        >
          <img
            src={urls[index]}
            alt=""
            width={1000}
            height={1000}
            style={zoom ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          />
        </button>
      </div>
      {urls.length > 1 && (
        <div className="lightbox__nav">
          <button type="button" className="button" onClick={() => go(-1)} aria-label="Previous image">
            ‹
          </button>
          <span aria-live="polite">
            {index + 1} / {urls.length}
          </span>
          <button type="button" className="button" onClick={() => go(1)} aria-label="Next image">
            ›
          </button>
        </div>
      )}
    </Modal>
  );
}

/** Open the lightbox over the page at picture `start`. */
export function openLightbox(urls: string[], start: number, alt: string): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <Lightbox
      urls={urls}
      start={start}
      alt={alt}
      onClose={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}
