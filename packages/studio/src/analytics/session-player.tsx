import { useEffect, useRef, useState } from 'react';
import { Replayer } from 'rrweb';
import 'rrweb/dist/style.css';
import { durationText } from './sessions-screen';

type PlayerEvents = ConstructorParameters<typeof Replayer>[0];

/**
 * The recording played back with rrweb's Replayer (in this chunk only): play / pause and a
 * progress bar that also seeks. The replay runs in a sandboxed iframe without scripts.
 */
export function SessionPlayer({ events }: { events: Record<string, unknown>[] }) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const player = useRef<Replayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ width: 1, height: 0 });
  const [room, setRoom] = useState(0);

  useEffect(() => {
    if (!frame.current || events.length < 2) return;
    const replayer = new Replayer(events as unknown as PlayerEvents, {
      root: frame.current,
      skipInactive: true,
      mouseTail: false,
    });
    player.current = replayer;
    setTotal(replayer.getMetaData().totalTime);
    replayer.on('finish', () => setPlaying(false));
    replayer.on('resize', (size) => {
      const { width, height } = size as { width: number; height: number };
      setPage({ width: Math.max(1, width), height });
    });
    replayer.pause(0);
    const timer = setInterval(() => setTime(replayer.getCurrentTime()), 200);
    return () => {
      clearInterval(timer);
      replayer.pause();
      replayer.destroy();
      player.current = null;
    };
  }, [events]);

  // The recorded window scaled down to the stage's width (kept in step with the studio's).
  useEffect(() => {
    const stage = host.current;
    if (!stage) return;
    const watch = new ResizeObserver(() => setRoom(stage.clientWidth));
    watch.observe(stage);
    return () => watch.disconnect();
  }, []);
  const scale = room > 0 ? Math.min(1, room / page.width) : 1;

  if (events.length < 2) return <p className="analytics__empty">This recording has too little to replay.</p>;

  const toggle = () => {
    const replayer = player.current;
    if (!replayer) return;
    if (playing) replayer.pause();
    else replayer.play(time >= total ? 0 : time);
    setPlaying(!playing);
  };
  const seek = (to: number) => {
    const replayer = player.current;
    if (!replayer) return;
    setTime(to);
    if (playing) replayer.play(to);
    else replayer.pause(to);
  };

  return (
    <section className="analytics__card sessions__player" aria-label="Session player">
      <div className="sessions__controls">
        <button type="button" className="btn btn--primary" onClick={toggle} data-testid="replay-toggle">
          {playing ? 'Pause' : 'Play'}
        </button>
        <input
          type="range"
          aria-label="Progress"
          min={0}
          max={Math.max(total, 1)}
          step={100}
          value={Math.min(time, total)}
          onChange={(e) => seek(Number(e.currentTarget.value))}
          className="sessions__progress"
        />
        <span className="meta" data-testid="replay-time">
          {durationText(Math.min(time, total))} / {durationText(total)}
        </span>
      </div>
      <div
        className="sessions__stage"
        ref={host}
        style={page.height > 0 ? { height: `${Math.ceil(page.height * scale)}px` } : undefined}
      >
        <div
          className="sessions__frame"
          ref={frame}
          data-testid="replay-frame"
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
