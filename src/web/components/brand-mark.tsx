/**
 * The store's leaf, the favicon's shapes drawn in the page (brand-mark.test.tsx keeps the two
 * the same). As an <img> an SVG is a document of its own that a phone styles and paints on the
 * main thread: 40 ms of a slowed CPU for this one, on every page. In the page it is five shapes.
 */
export function BrandMark({ className }: { className: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      className={className}
    >
      <circle cx="32" cy="32" r="30" fill="#2f7d32" />
      <path d="M18 46C14 30 26 16 48 16C50 36 38 50 18 46Z" fill="#fff" />
      <path d="M20 44L40 24" fill="none" stroke="#2f7d32" strokeWidth="2.5" strokeLinecap="round" />
      <path
        d="M28 36L28 28M34 30L38 31"
        fill="none"
        stroke="#2f7d32"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
