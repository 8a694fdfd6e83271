import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Renders its children once the placeholder comes near the screen, so code for content far
 * below the fold is not part of the page's first load.
 */
export function WhenVisible({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return <div ref={anchor}>{visible ? children : fallback}</div>;
}
