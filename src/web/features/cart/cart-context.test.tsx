// @vitest-environment jsdom
import { act, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../shared/catalogue.ts";
import { CART_STORAGE_KEY, CartProvider, useCart } from "./cart-context.tsx";

const apple: Product = {
  id: "kashmir-apples",
  name: "Kashmir Apples",
  category: "fruits",
  pricePaise: 22000,
  unit: "kg",
  step: 250,
  minimum: 250,
  image: "/images/products/kashmir-apples.svg",
  description: "Crisp",
  organic: true,
  local: true,
  inSeason: true,
  featured: true,
  stock: 40_000,
  gstRateBps: 0,
  hsnCode: "0808",
};

function Orphan() {
  useCart();
  return null;
}

const wrapper = ({ children }: { children: ReactNode }) => <CartProvider>{children}</CartProvider>;

afterEach(() => window.localStorage.clear());

describe("CartProvider", () => {
  it("adds the product's least quantity by default and saves under the key `cart`", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.addItem(apple));
    // 250 g: one item on the badge, a quarter of the kilo price.
    expect(result.current.itemCount).toBe(1);
    expect(result.current.subtotalPaise).toBe(5500);
    const stored = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!);
    expect(stored).toEqual([{ product: apple, quantity: 250 }]);
  });

  it("loads the saved cart at start", () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ product: apple, quantity: 2750 }]),
    );
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.itemCount).toBe(3);
    expect(result.current.items[0]!.quantity).toBe(2750);
  });

  it("loads a cart saved before weights in grams, and keeps it so once it changes", () => {
    const { step: _, minimum: __, ...before } = apple;
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ product: { ...before, stock: 40 }, quantity: 3 }]),
    );
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.items[0]!.quantity).toBe(3000);
    expect(result.current.subtotalPaise).toBe(66000);
    act(() => result.current.addItem(apple, 500));
    const stored = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!);
    expect(stored).toEqual([{ product: apple, quantity: 3500 }]);
  });

  it("deletes the stored copy when cleared", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.addItem(apple, 2));
    act(() => result.current.clearCart());
    expect(result.current.items).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("follows a change made in another tab", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => {
      window.localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify([{ product: apple, quantity: 4000 }]),
      );
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
    });
    expect(result.current.itemCount).toBe(4);
  });

  it("tells the server whether the browser holds a cart, which it cannot read itself", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(document.cookie).not.toContain("fhh_cart_filled");
    act(() => result.current.addItem(apple));
    expect(document.cookie).toContain("fhh_cart_filled=1");
    act(() => result.current.removeItem(apple.id));
    expect(document.cookie).not.toContain("fhh_cart_filled");
  });

  it("throws the spec's error outside its provider", () => {
    // React reports the thrown error on the console; that is the behaviour under test here.
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow("useCart must be used within a CartProvider");
    expect(screen.queryByText("anything")).toBeNull();
  });
});
