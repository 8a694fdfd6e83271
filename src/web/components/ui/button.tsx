import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { Link, type LinkProps } from "../../lib/router/index.ts";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 shadow-sm",
  accent: "bg-saffron-500 text-ink-900 hover:bg-saffron-400 shadow-sm",
  outline: "border border-brand-600 text-brand-700 bg-white hover:bg-brand-50",
  ghost: "text-ink-700 hover:bg-brand-50 hover:text-brand-700",
  danger: "border border-red-200 text-red-700 bg-white hover:bg-red-50",
  light: "bg-white/95 text-brand-800 hover:bg-white shadow-sm",
} as const;

const SIZES = {
  sm: "h-9 px-3 text-sm gap-1.5",
  md: "h-11 px-5 text-sm gap-2",
  lg: "h-12 px-7 text-base gap-2",
  icon: "h-9 w-9 justify-center",
} as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClass({ variant = "primary", size = "md" }: ButtonStyle, extra?: string) {
  return cn(
    "inline-flex items-center justify-center rounded-full font-semibold transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
