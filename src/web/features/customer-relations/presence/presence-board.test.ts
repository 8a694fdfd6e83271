import { describe, expect, it } from "vitest";
import {
  PRESENCE_EXPIRES_SECONDS,
  type TicketPresence,
} from "../../../../shared/contracts/ticket-presence.ts";
import { emptyBoard, heard, presentDesks } from "./presence-board.ts";

const rakesh = (tab: string, activity: TicketPresence["activity"]): TicketPresence => ({
  tab,
  activity,
  member: "staff-rakesh",
  name: "Rakesh Nayak",
});
const ipsita = (activity: TicketPresence["activity"]): TicketPresence => ({
  tab: "window-ipsita",
  activity,
  member: "staff-relations",
  name: "Ipsita Nayak",
});
const T = 1_000_000;

describe("the desks on a ticket", () => {
  it("lists each member once, replying if any of their windows is, replying desks first", () => {
    let board = heard(emptyBoard, ipsita("viewing"), T);
    board = heard(board, rakesh("window-a", "viewing"), T);
    board = heard(board, rakesh("window-b", "replying"), T);
    expect(presentDesks(board, T).map((desk) => [desk.name, desk.activity])).toEqual([
      ["Rakesh Nayak", "replying"],
      ["Ipsita Nayak", "viewing"],
    ]);
    board = heard(board, rakesh("window-b", "viewing"), T + 1000);
    expect(presentDesks(board, T + 1000).map((desk) => desk.activity)).toEqual([
      "viewing",
      "viewing",
    ]);
  });

  it("forgets a desk that says it left, and one not heard from for the expiry", () => {
    let board = heard(emptyBoard, rakesh("window-a", "replying"), T);
    board = heard(board, ipsita("viewing"), T + 10_000);
    const expiry = PRESENCE_EXPIRES_SECONDS * 1000;
    expect(presentDesks(board, T + expiry)).toHaveLength(2);
    expect(presentDesks(board, T + expiry + 1).map((desk) => desk.name)).toEqual(["Ipsita Nayak"]);
    // A beat keeps it: heard again, it stays for another expiry.
    board = heard(board, rakesh("window-a", "replying"), T + expiry);
    expect(presentDesks(board, T + expiry + 1)).toHaveLength(2);
    board = heard(board, ipsita("left"), T + expiry + 2);
    expect(presentDesks(board, T + expiry + 2).map((desk) => desk.name)).toEqual(["Rakesh Nayak"]);
  });
});
