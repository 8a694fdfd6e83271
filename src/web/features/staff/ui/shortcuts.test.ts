import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../../../shared/rules/staff.ts";
import { SHORTCUT_TEXT } from "./shortcut-texts.ts";
import { type KeyPress, SEARCH_MARK, SHORTCUTS, shortcutFor, shortcutsOf } from "./shortcuts.ts";

const on = (tagName: string, extra: Partial<{ isContentEditable: boolean }> = {}) => ({
  tagName,
  isContentEditable: false,
  ...extra,
});
const BODY = on("BODY");
const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  target: BODY,
  ...extra,
});

describe("the dashboards' keyboard map", () => {
  it.each([
    ["/", "search"],
    ["j", "next"],
    ["J", "next"],
    ["k", "previous"],
    ["K", "previous"],
    ["Enter", "open"],
    ["Escape", "close"],
    ["?", "help"],
    ["m", "move"],
  ] as const)("on the Sales board %s is %s", (key, action) => {
    expect(shortcutFor(press(key), "sales")).toBe(action);
  });

  it("gives the next move a key on the Sales board only", () => {
    expect(shortcutFor(press("m"), "inventory")).toBeUndefined();
    expect(shortcutFor(press("m"), "customer-relations")).toBeUndefined();
    expect(shortcutsOf("inventory").map((shortcut) => shortcut.action)).not.toContain("move");
    expect(shortcutsOf("sales").map((shortcut) => shortcut.action)).toContain("move");
  });

  it("answers every dashboard's other keys the same", () => {
    for (const role of STAFF_ROLES) {
      for (const key of ["/", "j", "k", "Enter", "Escape", "?"]) {
        expect(shortcutFor(press(key), role), `${role} ${key}`).toBe(
          shortcutFor(press(key), "sales"),
        );
      }
    }
  });

  it("leaves every other key alone", () => {
    for (const key of ["a", "x", "n", " ", "ArrowDown", "Tab", "1"]) {
      expect(shortcutFor(press(key), "sales"), key).toBeUndefined();
    }
  });

  it("ignores keys typed in an input, a textarea, a select or editable text", () => {
    for (const target of [
      on("INPUT"),
      on("TEXTAREA"),
      on("SELECT"),
      on("input"),
      on("DIV", { isContentEditable: true }),
    ]) {
      for (const key of ["/", "j", "k", "m", "?", "Enter", "Escape"]) {
        expect(shortcutFor(press(key, { target }), "sales"), `${key} in ${target.tagName}`).toBe(
          undefined,
        );
      }
    }
  });

  it("ignores keys pressed with Ctrl, Meta or Alt held, or while composing", () => {
    for (const held of [
      { ctrlKey: true },
      { metaKey: true },
      { altKey: true },
      { isComposing: true },
    ]) {
      for (const key of ["/", "j", "k", "m", "?", "Enter", "Escape"]) {
        expect(shortcutFor(press(key, held), "sales")).toBeUndefined();
      }
    }
  });

  it("does nothing while a dialog is open: the dialog answers Esc itself", () => {
    for (const key of ["/", "j", "k", "m", "?", "Enter", "Escape"]) {
      expect(shortcutFor(press(key), "sales", { dialogOpen: true }), key).toBeUndefined();
    }
  });

  it("leaves Enter on a button or a link to the browser, which presses it", () => {
    for (const tag of ["BUTTON", "A", "SUMMARY"]) {
      expect(shortcutFor(press("Enter", { target: on(tag) }), "sales")).toBeUndefined();
    }
    expect(shortcutFor(press("j", { target: on("BUTTON") }), "sales")).toBe("next");
    expect(shortcutFor(press("Enter", { target: on("TR") }), "sales")).toBe("open");
  });

  it("leaves the search box on Enter or Esc, keeping what was typed", () => {
    const search = { tagName: "INPUT", hasAttribute: (name: string) => name === SEARCH_MARK };
    expect(shortcutFor(press("Enter", { target: search }), "inventory")).toBe("leaveSearch");
    expect(shortcutFor(press("Escape", { target: search }), "sales")).toBe("leaveSearch");
    for (const key of ["j", "k", "m", "/", "?"]) {
      expect(shortcutFor(press(key, { target: search }), "sales"), key).toBeUndefined();
    }
    expect(shortcutFor(press("Escape", { target: search, ctrlKey: true }), "sales")).toBe(
      undefined,
    );
    expect(shortcutFor(press("Enter", { target: on("INPUT") }), "sales")).toBeUndefined();
  });

  it("has a help text for every action and no key twice in one place", () => {
    const keys = SHORTCUTS.flatMap((shortcut) =>
      shortcut.keys.map((key) => `${shortcut.inSearch ? "search" : "page"} ${key}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const shortcut of SHORTCUTS) {
      expect(SHORTCUT_TEXT.actions[shortcut.action]).toMatch(/\w/);
    }
  });
});
