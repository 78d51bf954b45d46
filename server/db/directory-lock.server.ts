import fs from "node:fs";
import path from "node:path";

export class DirectoryLockedError extends Error {
  override name = "DirectoryLockedError";
}

/** A killed process can linger as a zombie until its parent reaps it; on Linux that counts as gone. */
function isZombie(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * PGlite has no locking of its own, and two processes on one data directory corrupt it. A pid file taken with
 * O_EXCL refuses a second process; a file left by a killed process (its pid gone, or our own pid after a container
 * restart) is taken over.
 */
const heldInThisProcess = new Set<string>();

export function acquireDirectoryLock(dir: string): () => void {
  const file = path.join(dir, "phrasewise.lock");
  if (heldInThisProcess.has(file)) {
    throw new DirectoryLockedError(`The data directory ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      heldInThisProcess.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldInThisProcess.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DirectoryLockedError(
          `The data directory ${dir} is in use by another Phrasewise process (pid ${pid}). ` +
            "Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to share a PostgreSQL server).",
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock the data directory ${dir}.`);
}
