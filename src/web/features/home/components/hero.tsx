import { useEffect, useState } from "react";
import { STORE } from "../../../../shared/store-info.ts";
import { SHELL_TEXTS } from "../../../app/layout/shell-texts.ts";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { HERO_PORTRAIT, rasterPath, rasterSources } from "../../../lib/pictures.ts";

export const HERO_IMAGES = [
  {
    src: "/images/hero/hero-1.svg",
    alt: /*i18n*/ "Sunrise over green farm fields near Bhubaneswar",
  },
  { src: "/images/hero/hero-2.svg", alt: /*i18n*/ "A market stall with crates of fresh produce" },
  { src: "/images/hero/hero-3.svg", alt: /*i18n*/ "An orchard with a basket ready for delivery" },
];
export const HERO_INTERVAL_MS = 5000;

/** A phone held upright gets the picture's middle, cut to its shape, not a wide one to crop. */
const TALL_SCREEN = "(max-aspect-ratio: 2/3)";
/** Covering the section, the picture is as wide as the screen or as tall as it, if taller. */
const COVER_SIZES = "(max-aspect-ratio: 16/9) 178vh, 100vw";

function HeroPicture({
  image,
  first,
  active,
  wanted,
  onLoad,
}: {
  image: (typeof HERO_IMAGES)[number];
  first: boolean;
  active: boolean;
  wanted: boolean;
  onLoad?: () => void;
}) {
  const { src, srcSet } = rasterSources(image.src);
  const { i18n } = useLingui();
  return (
    <picture>
      {wanted && <source media={TALL_SCREEN} srcSet={rasterPath(image.src, HERO_PORTRAIT)} />}
      <img
        src={wanted ? src : undefined}
        srcSet={wanted ? srcSet : undefined}
        sizes={COVER_SIZES}
        alt={i18n._(image.alt)}
        data-testid="hero-image"
        data-active={active}
        aria-hidden={!active}
        // The first picture is the page's largest paint: fetch it before anything else.
        fetchPriority={first ? "high" : "low"}
        loading={first ? "eager" : "lazy"}
        onLoad={onLoad}
        className={cn(
          "absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 ease-in-out",
          active ? "opacity-100" : "opacity-0",
        )}
      />
    </picture>
  );
}

export function Hero() {
  const [active, setActive] = useState(0);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const { i18n } = useLingui();

  useEffect(() => {
    if (!firstLoaded) return;
    const timer = window.setInterval(
      () => setActive((index) => (index + 1) % HERO_IMAGES.length),
      HERO_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [firstLoaded]);

  return (
    <section
      aria-labelledby="hero-title"
      className="relative -mt-16 flex min-h-[100svh] items-center overflow-hidden bg-brand-900"
    >
      {HERO_IMAGES.map((image, index) => (
        <HeroPicture
          key={image.src}
          image={image}
          first={index === 0}
          active={index === active}
          // The others are hidden until the first turn: they wait for the first one.
          wanted={index === 0 || firstLoaded}
          onLoad={index === 0 ? () => setFirstLoaded(true) : undefined}
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-r from-brand-900/85 via-brand-900/60 to-brand-900/20" />
      {!firstLoaded && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={i18n._("Loading pictures")} />
        </div>
      )}
      <div className="relative mx-auto w-full max-w-7xl px-4 pb-16 pt-32 sm:px-6">
        <p className="mb-4 inline-block rounded-full bg-white/15 px-4 py-1 text-sm font-semibold text-white">
          {i18n._("Organic · Local · Delivered in {promise}", {
            promise: i18n._(STORE.deliveryPromise),
          })}
        </p>
        <h1
          id="hero-title"
          className="max-w-3xl font-display text-4xl font-bold leading-tight text-white sm:text-6xl"
        >
          {i18n._(STORE.tagline)}
        </h1>
        <p className="mt-6 max-w-xl text-lg text-cream-100">
          {i18n._(
            "Fruit, vegetables, dairy and herbs picked on farms around Bhubaneswar and brought to your door while they are at their best.",
          )}
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <ButtonLink to="/shop" variant="accent" size="lg">
            {i18n._(SHELL_TEXTS.shopNow)}
          </ButtonLink>
          <ButtonLink to="/about" variant="light" size="lg">
            {i18n._("Learn More")}
            <span className="sr-only"> {i18n._("about {store}", { store: STORE.name })}</span>
          </ButtonLink>
        </div>
        <div className="mt-12 flex gap-2" aria-hidden="true">
          {HERO_IMAGES.map((image, index) => (
            <span
              key={image.src}
              className={cn(
                "h-1.5 rounded-full transition-all duration-500",
                index === active ? "w-8 bg-saffron-400" : "w-4 bg-white/50",
              )}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
