import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds a PGlite data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Another process (pid ${pid}) is using the PGlite database in ${dir}. PGlite is single-process: ` +
        'stop that server first, or point this one at PostgreSQL (DATABASE_URL). ' +
        '`npm run create-owner` works against a running server by asking it.',
    );
  }
}

/** Who holds the lock: a pid, and when that process started (null where that cannot be read). */
interface LockOwner {
  pid: number;
  start: string | null;
}

let bootId: string | undefined;

/**
 * When a process started, as Linux tells it: the boot id and the start time in clock ticks
 * after boot (field 22 of /proc/<pid>/stat). A pid is reused by a later process (after a
 * restart, in a new container, after a reboot); the pair is not. Null where there is no
 * /proc (macOS, Windows) or no such process.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may itself hold spaces and ')'.
    const start = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .at(22 - 3);
    if (!start || !/^\d+$/.test(start)) return null;
    bootId ??= fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId}:${start}`;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's owner: `{"pid","start"}`, or a bare pid as older versions wrote it. */
function readOwner(file: string): LockOwner | null {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isInteger(parsed.pid) && (parsed.pid as number) > 0)
      return { pid: parsed.pid as number, start: typeof parsed.start === 'string' ? parsed.start : null };
  } catch {
    // unreadable: nobody can hold it
  }
  return null;
}

/**
 * Whether the lock's owner is still running. A live pid whose start time differs from the
 * one recorded is another process that got the same number: the owner is gone. Without a
 * start time to compare (an older lock file, or no /proc) a live pid counts as the owner.
 */
function ownerRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !alive(owner.pid)) return false;
  if (owner.start === null) return true;
  const now = processStart(owner.pid);
  return now === null || now === owner.start;
}

/**
 * One process per PGlite directory (two would corrupt it, and writes of the second were
 * silently lost): an exclusive lock file holding the owner's pid and start time. A lock
 * left by a process that died (kill -9), or whose pid now belongs to another process, is
 * taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'juniper.pid');
  const me: LockOwner = { pid: process.pid, start: processStart(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readOwner(file)?.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner && ownerRunning(owner)) throw new DataDirLockedError(dir, owner.pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dir}`);
}
