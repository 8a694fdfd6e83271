// The commit this checkout is at, and the git calls the baseline's worktree is made with.
import { execFileSync } from "node:child_process";
import { ROOT } from "../support/child.ts";

export function git(args: string[], cwd = ROOT): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The commit this checkout is at, and its files changed since (src/ is measured as it is). */
export function workingTree(): { commit: string; changedFiles: string[] } {
  try {
    return {
      commit: git(["rev-parse", "HEAD"]).trim(),
      changedFiles: git(["status", "--porcelain", "--", "src", "bench"])
        .split("\n")
        .filter(Boolean)
        .map((line) => line.slice(3)),
    };
  } catch {
    return { commit: "unknown", changedFiles: [] };
  }
}
