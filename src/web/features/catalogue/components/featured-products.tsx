import { LoadError } from "../../../components/ui/query-state.tsx";
import { useFeaturedProducts } from "../api/products.ts";
import type { CardCart } from "./product-card.tsx";
import { ProductGrid, ProductGridSkeleton } from "./product-grid.tsx";

export function FeaturedProducts({ cart }: { cart: CardCart }) {
  const { data, isPending, error, refetch } = useFeaturedProducts();
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) return <ProductGridSkeleton count={4} />;
  return <ProductGrid products={data.products} cart={cart} />;
}
