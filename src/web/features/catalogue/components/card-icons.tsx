import { Leaf, MapPin, ShoppingCart, Sprout } from "lucide-react";
import { createContext, useContext, useId } from "react";

/**
 * The icons every product card shows, drawn once per grid as an SVG sprite and referenced from
 * each card with `<use>`. Inline, each card carried three or four whole icons: on `/shop` that
 * was 85 KB of the page's HTML and about 550 of its elements, all parsed and laid out before the
 * first paint.
 */
const ICONS = { leaf: Leaf, "map-pin": MapPin, "shopping-cart": ShoppingCart, sprout: Sprout };

export type CardIconName = keyof typeof ICONS;

/** The grid's own prefix for its symbols: two grids on one page keep their ids apart. */
const SpritePrefix = createContext("card-icon");

/** Provides the sprite to the cards inside, and draws it once. */
export function CardIconSprite({ children }: { children: React.ReactNode }) {
  const prefix = `card-icon-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <SpritePrefix.Provider value={prefix}>
      <svg aria-hidden="true" width="0" height="0" className="absolute">
        {Object.entries(ICONS).map(([name, Icon]) => (
          <symbol key={name} id={`${prefix}-${name}`} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        ))}
      </svg>
      {children}
    </SpritePrefix.Provider>
  );
}

/** One of the card icons: a reference to the sprite of the grid the card is drawn in. */
export function CardIcon({ name, className }: { name: CardIconName; className: string }) {
  const prefix = useContext(SpritePrefix);
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`#${prefix}-${name}`} />
    </svg>
  );
}
