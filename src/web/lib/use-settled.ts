import { useEffect, useState } from "react";

/** A value once it has stopped changing for `delay` ms: a search asks once per word, not per letter. */
export function useSettled<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
