// What the command tests need: run one of the store's commands, or start the store itself, as a
// process of its own on the environment given, and read what it said.
import { execFile, spawn } from "node:child_process";

export type Outcome = { code: number | null; out: string };

/** Runs a command of the store with `input` on its standard input, as a pipe. */
export function runCommand(
  file: string,
  args: string[],
  env: Record<string, string>,
  input = "",
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", file, ...args],
      { env: { PATH: process.env.PATH, LOG_LEVEL: "silent", ...env }, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          out: stdout + stderr,
        }),
    );
    child.stdin!.end(input);
  });
}

/** `npm run staff:password -- <username> [flags]` with the password piped in. */
export const runStaffPassword = (
  env: Record<string, string>,
  username: string,
  password: string,
  ...flags: string[]
) =>
  runCommand("src/server/commands/staff-password.ts", [username, ...flags], env, `${password}\n`);

/** Starts the store and answers once it listens or exits; stops it either way. */
export async function startStore(
  env: Record<string, string>,
): Promise<Outcome & { listened: boolean }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  child.stderr!.on("data", (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  for (let i = 0; i < 600 && child.exitCode === null && !out.includes("Server listening"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const listened = out.includes("Server listening");
  if (child.exitCode === null) child.kill("SIGTERM");
  return { code: await exited, out, listened };
}
