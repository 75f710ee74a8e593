import { useEffect, useRef, useState } from 'react';

/** The events of the preview frame the canvas answers (listened to from the studio). */
export interface FrameHandlers {
  click(event: MouseEvent): void;
  dblclick(event: MouseEvent): void;
  pointerdown(event: PointerEvent): void;
  pointermove(event: PointerEvent): void;
  pointerup(event: PointerEvent): void;
  pointerout(event: PointerEvent): void;
  keydown(event: KeyboardEvent): void;
}

/**
 * Wire the frame's document to the canvas: pointer and key events go to `handlers` (read
 * afresh on each event, so they always see the latest layout), and every scroll, resize or
 * content change of the frame bumps the returned number, so the canvas measures again.
 * The frame runs no scripts; these listeners belong to the studio.
 */
export function useFrameEvents(frame: HTMLIFrameElement | null, handlers: FrameHandlers): number {
  const [tick, setTick] = useState(0);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const doc = frame?.contentDocument;
    const view = frame?.contentWindow;
    if (!frame || !doc || !view) return;
    let queued = 0;
    const bump = () => {
      if (queued) return;
      queued = requestAnimationFrame(() => {
        queued = 0;
        setTick((t) => t + 1);
      });
    };
    const on = <K extends keyof FrameHandlers>(type: K) => {
      const listener = (event: Event) => (latest.current[type] as (e: Event) => void)(event);
      doc.addEventListener(type, listener);
      return () => doc.removeEventListener(type, listener);
    };
    // Images and links would start the browser's own drag, not the canvas's.
    const noNativeDrag = (event: Event) => event.preventDefault();
    doc.addEventListener('dragstart', noNativeDrag);
    const offs = (
      ['click', 'dblclick', 'pointerdown', 'pointermove', 'pointerup', 'pointerout', 'keydown'] as const
    ).map(on);
    view.addEventListener('scroll', bump);
    view.addEventListener('resize', bump);
    frame.addEventListener('preview-rendered', bump);
    // Images loading, fonts arriving: anything that moves blocks without a new render.
    const observer = new ResizeObserver(bump);
    observer.observe(doc.body);
    bump();
    return () => {
      for (const off of offs) off();
      doc.removeEventListener('dragstart', noNativeDrag);
      view.removeEventListener('scroll', bump);
      view.removeEventListener('resize', bump);
      frame.removeEventListener('preview-rendered', bump);
      observer.disconnect();
      cancelAnimationFrame(queued);
    };
  }, [frame]);
  return tick;
}
