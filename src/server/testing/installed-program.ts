import { existsSync } from "node:fs";
import path from "node:path";

// Debian puts daemons (haproxy, pgbouncer) in sbin, which a non-root PATH often leaves out.
const SYSTEM_DIRS = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

/** Where a program is installed, or undefined when it is not. */
export function installedProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), ...SYSTEM_DIRS];
  return dirs.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}
