export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/customer-support", label: "Customer Support" },
  { to: "/admin", label: "Admin" },
] as const;
