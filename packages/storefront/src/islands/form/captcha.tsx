import { createElement, useEffect, useRef, useState } from 'react';

export interface CaptchaHandle {
  reset(): void;
}

interface Props {
  /** Badge shown only while a form field has focus (spec §4). */
  visible: boolean;
  onSolved(payload: string | null): void;
  handle: { current: CaptchaHandle | null };
}

/**
 * Self-hosted proof-of-work captcha (ALTCHA widget, lazily loaded): it starts solving when
 * a field of the form gets focus, so by the time the visitor submits it is usually done.
 * It stays visible once shown while solving, so a click on it is not lost to a blur.
 * Compact below 320 px of container width (spec §5 "Other").
 */
export function Captcha({ visible, onSolved, handle }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> }>(null);
  const [ready, setReady] = useState(false);
  const [compact, setCompact] = useState(false);
  const [solved, setSolved] = useState(false);

  useEffect(() => {
    let alive = true;
    import('altcha').then(() => alive && setReady(true)).catch(() => console.error('captcha failed to load'));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setCompact(el.getBoundingClientRect().width < 320);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  useEffect(() => {
    const el = widget.current;
    if (!el || !ready) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      const payload = detail.state === 'verified' && detail.payload ? detail.payload : null;
      setSolved(Boolean(payload));
      onSolved(payload);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready, onSolved]);

  // Start solving on the first focus of a form field. The widget lives outside the <form>
  // element: inside it, ALTCHA hooks the form's submit and could submit it natively.
  useEffect(() => {
    if (!visible || !ready || solved) return;
    const el = widget.current;
    const id = setTimeout(() => {
      el?.verify?.().catch(() => undefined);
    }, 0);
    return () => clearTimeout(id);
  }, [visible, ready, solved]);

  handle.current = {
    reset() {
      widget.current?.reset?.();
      setSolved(false);
      onSolved(null);
    },
  };

  return (
    <div
      ref={box}
      className={`captcha-container${compact ? ' compact' : ''}`}
      data-testid="captcha"
      data-size={compact ? 'compact' : 'normal'}
      data-solved={solved}
      hidden={!visible}
      style={{ zIndex: 12000, position: 'relative' }}
    >
      {ready &&
        createElement('altcha-widget', {
          ref: widget,
          challenge: '/api/form/captcha/challenge',
          auto: 'off',
          name: 'captchaKey',
          // Compact: narrower box, smaller checkbox and padding (spec: under 320 px).
          style: compact
            ? { '--altcha-max-width': '100%', '--altcha-padding': '0.4rem', '--altcha-checkbox-size': '18px' }
            : { '--altcha-max-width': '260px' },
        })}
    </div>
  );
}
