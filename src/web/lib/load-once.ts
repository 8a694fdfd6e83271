/**
 * A part of a page fetched once and kept (code that comes when wanted): every caller shares the
 * one load, and a load that failed is tried again by the next. `loaded` is what it gave, once it
 * has, for code that must answer at once.
 */
export function loadOnce<T>(load: () => Promise<T>): {
  load(): Promise<T>;
  loaded(): T | undefined;
} {
  let kept: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () => {
      pending ??= load().then(
        (value) => {
          kept = { value };
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => kept?.value,
  };
}
