import { STORE } from "../../shared/store-info.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { Link } from "../lib/router/index.ts";
import { BrandMark } from "./brand-mark.tsx";

export function BrandLogo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { i18n } = useLingui();
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-full font-display text-xl font-bold"
      aria-label={i18n._("{store} home", { store: STORE.name })}
    >
      <BrandMark className="h-9 w-9" />
      <span className={tone === "dark" ? "text-brand-800" : "text-white"}>{STORE.name}</span>
    </Link>
  );
}
