// Progress lines stamped with the seconds since the benchmark started, so a slow step shows.

const benchStarted = performance.now();

export const log = (message: string) =>
  console.log(`[${((performance.now() - benchStarted) / 1000).toFixed(1)} s] ${message}`);
