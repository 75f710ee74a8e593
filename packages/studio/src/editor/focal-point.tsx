import type { KeyboardEvent, MouseEvent } from 'react';

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;

/**
 * An image with its focal point marked: a click on it moves the point there (0..1 from the
 * left and from the top); arrow keys nudge it by 5%. The part of the image around the point
 * stays in view however the section crops it.
 */
export function FocalPointPicker(props: {
  src: string;
  x: number;
  y: number;
  onChange(x: number, y: number): void;
}) {
  const { x, y, onChange } = props;
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    onChange(round((event.clientX - box.left) / box.width), round((event.clientY - box.top) / box.height));
  };
  const keys = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = 0.05;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(round(x + move[0]), round(y + move[1]));
  };
  const label = `Focal point ${Math.round(x * 100)}% from the left, ${Math.round(y * 100)}% from the top`;
  return (
    <button
      type="button"
      className="focal-point"
      onClick={click}
      onKeyDown={keys}
      aria-label={`${label}. Click the image or use the arrow keys to move it.`}
      title="Click where the image should stay in view"
    >
      <img src={props.src} alt="" draggable={false} />
      <span
        className="focal-point__mark"
        style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
        aria-hidden="true"
      />
    </button>
  );
}
