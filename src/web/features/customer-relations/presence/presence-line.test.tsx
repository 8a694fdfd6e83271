// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type StaffSession, staffSessionQuery } from "../../staff/api/staff-session.ts";
import type { Desk } from "./presence-board.ts";
import { PresenceLine } from "./presence-line.tsx";

afterEach(cleanup);

function withSession(desks: Desk[]) {
  const client = new QueryClient();
  const session: StaffSession = {
    member: {
      id: "staff-relations",
      name: "Ipsita Nayak",
      username: "relations",
      role: "customer-relations",
      dashboard: 3,
      twoFactorEnabled: false,
    },
    twoFactorRequired: false,
  };
  client.setQueryData(staffSessionQuery.queryKey, session);
  return render(
    <QueryClientProvider client={client}>
      <PresenceLine desks={desks} />
    </QueryClientProvider>,
  );
}

const desk = (member: string, name: string, activity: Desk["activity"]): Desk => ({
  tab: `window-${member}`,
  member,
  name,
  activity,
  heardAt: 0,
});

describe("who else is on the ticket", () => {
  it("names another member by first name, and the member's own other window as such", () => {
    withSession([
      desk("staff-rakesh", "Rakesh Nayak", "replying"),
      desk("staff-relations", "Ipsita Nayak", "viewing"),
    ]);
    const line = screen.getByRole("status", { name: "Also on this ticket" });
    expect(line.textContent).toContain("Rakesh is replying");
    expect(line.textContent).toContain("Another window signed in as you has this ticket open");
    expect(line.textContent).not.toContain("Ipsita is");
  });

  it("stays in the page, empty, while no one else is there", () => {
    withSession([]);
    expect(screen.getByRole("status", { name: "Also on this ticket" }).textContent).toBe("");
  });
});
