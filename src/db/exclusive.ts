import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'

/**
 * A PGlite data directory is a database server's files with no server in front of them: a second
 * process that opens it while the first runs (`npm run db:seed` beside `npm start`) writes over the
 * other's pages and corrupts it. A lock file beside the directory, naming the owner's pid, turns that
 * into a clear refusal. A lock left by a killed process (its pid is gone) is taken over.
 */
export class DatabaseInUse extends Error {
  override name = 'DatabaseInUse'
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function ownerOf(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Takes the lock for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir.replace(/\/+$/, '')}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      const release = () => {
        if (ownerOf(lockPath) === process.pid) rmSync(lockPath, { force: true })
      }
      process.once('exit', release)
      return () => {
        process.off('exit', release)
        release()
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = ownerOf(lockPath)
      if (owner !== null && owner !== process.pid && isRunning(owner)) {
        throw new DatabaseInUse(
          `The database ${dataDir} is open in another process (pid ${owner}): stop that process ` +
            `(the server or a seed) first, or set DATABASE_URL to use PostgreSQL, which many processes can share.`,
        )
      }
      // A stale lock (its process died, or an unreadable file): remove it and try once more.
      rmSync(lockPath, { force: true })
    }
  }
  throw new DatabaseInUse(`Could not take the lock ${lockPath} for the database ${dataDir}.`)
}
