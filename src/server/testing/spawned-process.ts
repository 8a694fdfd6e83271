import { type ChildProcess, spawn } from "node:child_process";

const KEPT_CHARS = 64_000;
const running = new Set<ChildProcess>();

// A test runner that dies (or a suite that throws before its afterAll) must not leave servers
// holding ports and database connections behind it.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type SpawnedProcess = {
  readonly pid: number | undefined;
  /** The last of what it wrote to stdout and stderr, for a failure's message. */
  output(): string;
  /** Settles when it exits. */
  readonly exited: Promise<Exit>;
  hasExited(): boolean;
  /**
   * Sends `signal` and waits for the exit; one still running after `withinMs` is killed, so a
   * stop never hangs a suite.
   */
  stop(signal?: NodeJS.Signals, withinMs?: number): Promise<Exit>;
};

/** Runs a program in the background, keeping the end of its output. */
export function spawnProcess(
  command: string,
  args: string[],
  /** uid and gid: run as another user (only root may), for servers that refuse to run as root. */
  options: { env?: NodeJS.ProcessEnv; cwd?: string; uid?: number; gid?: number } = {},
): SpawnedProcess {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let done: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    const finish = (exit: Exit) => {
      running.delete(child);
      done ??= exit;
      resolve(done);
    };
    child.once("exit", (code, signal) => finish({ code, signal }));
    child.once("error", (error) => {
      keep(Buffer.from(`\n${command}: ${error.message}\n`));
      finish({ code: null, signal: null });
    });
  });
  return {
    pid: child.pid,
    output: () => output,
    exited,
    hasExited: () => done !== undefined,
    async stop(signal = "SIGTERM", withinMs = 20_000) {
      if (done) return done;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), withinMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
