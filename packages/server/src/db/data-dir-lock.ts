import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One process at a time on an embedded database's folder. PGlite takes no lock of its own, and a
 * second process writing the same files corrupts them (seen: a later open failed with
 * `RuntimeError: Aborted()`). The lock is a file holding the owner's pid: a lock whose process is
 * gone (killed, crashed) is taken over; one held by a live process refuses the start.
 */

const LOCK_FILE = 'cloudbox.lock';
/** Folders this process holds: a lock file naming our own pid but not held here is a previous incarnation's. */
const held = new Set<string>();

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {
  constructor(folder: string, pid: number) {
    super(`DATA_DIR ${folder} is in use by process ${pid}: stop it, or give this server another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

/** Takes the folder's lock; answers the release. */
export async function lockDataDir(folder: string): Promise<() => Promise<void>> {
  const file = path.join(folder, LOCK_FILE);
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      held.add(folder);
      return async () => {
        held.delete(folder);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    const ours = holder === process.pid;
    if (Number.isInteger(holder) && holder > 0 && (ours ? held.has(folder) : alive(holder))) throw new DataDirInUseError(folder, holder);
    // A stale lock: its process is gone. Whoever removes it first retries; `wx` lets one of them win.
    await rm(file, { force: true });
  }
}
