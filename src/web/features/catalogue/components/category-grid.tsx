import { ArrowRight } from "lucide-react";
import {
  CATEGORY_NAMES,
  DEFAULT_CATEGORY_IMAGE,
  isCategoryId,
} from "../../../../shared/catalogue.ts";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { rasterSources } from "../../../lib/pictures.ts";
import { Link } from "../../../lib/router/index.ts";
import { useCategories } from "../api/products.ts";

const IMAGE_CATEGORIES = new Set(["fruits", "vegetables", "dairy"]);

/** The spec: fruits, vegetables and dairy have pictures of their own; others share the default. */
export function categoryImage(id: string): string {
  return IMAGE_CATEGORIES.has(id) ? `/images/categories/${id}.svg` : DEFAULT_CATEGORY_IMAGE;
}

/** One card a row on a phone, two from `sm`, four from `lg` (the grid below), within 80rem. */
const CARD_SIZES = "(min-width: 1024px) 20rem, (min-width: 640px) 50vw, 100vw";

export function CategoryGrid() {
  const { data, isPending, error, refetch } = useCategories();
  const { i18n } = useLingui();
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {isPending
        ? ["one", "two", "three", "four"].map((placeholder) => (
            <li
              key={placeholder}
              aria-hidden="true"
              className="aspect-[3/2] animate-pulse rounded-2xl bg-cream-200"
            />
          ))
        : data.categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/shop?category=${category.id}`}
                data-testid="category-card"
                className="group relative block aspect-[3/2] overflow-hidden rounded-2xl shadow-card"
              >
                <img
                  {...rasterSources(categoryImage(category.id))}
                  sizes={CARD_SIZES}
                  alt=""
                  width={600}
                  height={400}
                  loading="lazy"
                  className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-brand-900/85 via-brand-900/25 to-transparent" />
                <span className="absolute inset-x-0 bottom-0 p-5">
                  <span className="flex items-center justify-between text-xl font-bold text-white">
                    {isCategoryId(category.id)
                      ? i18n._(CATEGORY_NAMES[category.id])
                      : category.name}
                    <ArrowRight
                      aria-hidden="true"
                      className="h-5 w-5 transition-transform group-hover:translate-x-1"
                    />
                  </span>
                  <span className="mt-1 block text-sm text-cream-100">{category.description}</span>
                </span>
              </Link>
            </li>
          ))}
    </ul>
  );
}
