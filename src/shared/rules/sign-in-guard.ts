// How the store holds back someone guessing a password without locking the account's owner out
// (docs/decisions/0040-sign-in-lockout.md). The same rule for customers and staff.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const SIGN_IN_GUARD = {
  /**
   * Failed sign-ins one client may make at one account before it has to wait: room for a few
   * typing slips. Counted per account and client (the network address, an IPv6 one by its /64;
   * or a device the account trusts).
   */
  freeFailures: 5,
  /** The wait after the next failure; it doubles with each one after that... */
  firstDelayMs: 1 * SECOND,
  /** ...up to this: past it one client gets about 100 guesses a day at one account. */
  maxDelayMs: 15 * MINUTE,
  /** A client's failures at an account are forgotten after a day without one (or a success). */
  forgetAfterMs: 24 * HOUR,
  /**
   * Failures one address may make across all accounts in a window: one client cannot try
   * account after account. Room for a household, an office or a mobile network's address.
   */
  perAddress: { max: 30, windowMs: 15 * MINUTE },
  /**
   * Failures at one account from every client in a window: what guessing from many addresses
   * at once gets. One address cannot reach it (the delays hold it to about 14 a quarter-hour);
   * past it only a device the account trusts signs in until the window ends.
   */
  perAccount: { max: 50, windowMs: 15 * MINUTE },
  /** The account's owner is told at this many failures within the per-account window... */
  warnAtFailures: 5,
  /** ...at most once in this long, so the warning cannot flood an inbox. */
  warnEveryMs: HOUR,
  /** How long a device stays trusted after its last sign-in to the account. */
  trustedDeviceMs: 365 * 24 * HOUR,
  /** How many accounts one device is trusted for (a family's shared computer). */
  trustedAccountsPerDevice: 5,
} as const;

/** The wait after `failures` failed sign-ins by one client at one account. */
export function signInDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_GUARD;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures, 30));
}

/** The start of every refused sign-in's message; the server adds when to try again. */
export const SIGN_IN_REFUSAL = "Too many sign-in attempts.";
