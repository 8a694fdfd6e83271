import type { Product } from "../../../shared/catalogue.ts";
import type { CartInput, StoredCart } from "../../../shared/contracts/cart.ts";
import { ApiError } from "../../lib/api-client.ts";
import { linesKey, rebaseLines, toCartItems, toLines } from "./account-cart-lines.ts";
import type { CartItem } from "./cart-state.ts";

type Lines = CartInput["items"];

export type AccountCartSyncDeps = {
  /** The cart on screen now. */
  read(): CartItem[];
  replace(items: CartItem[]): void;
  clear(): void;
  /** The catalogue, for lines of the account's cart this browser has not seen. */
  products(): Promise<Product[]>;
  server: {
    fetch(): Promise<StoredCart>;
    save(items: Lines): Promise<StoredCart>;
    merge(items: Lines): Promise<StoredCart>;
  };
  /** The stored mark: what the account last held, or null for a guest's cart (account-cart-mark.ts). */
  mark: { read(): string | null; write(savedKey: string | null): void };
  /** The server said nobody is signed in after all: the session should be read again. */
  sessionEnded(): void;
  saveDelayMs: number;
};

/**
 * Keeps a signed-in customer's cart on the server. At sign-in (or a page load with a session) the
 * browser's cart joins the account's: merged when it is a guest's cart, brought up to date when it
 * is the account's untouched copy. Changes are then saved after a pause, the whole cart at once.
 * When the customer signs out, the browser's cart is emptied: it was theirs, not this browser's.
 */
export function createAccountCartSync(deps: AccountCartSyncDeps) {
  let customer: string | null | undefined;
  let signedIn = false;
  /** Whose cart this browser's follows; null until joined (or when joining failed). */
  let joined: string | null = null;
  /** Bumped on every change of customer, so an answer for the previous one is ignored. */
  let epoch = 0;
  /** The cart the server was last known to hold, as `linesKey`. */
  let serverKey: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving = false;
  let saveAgain = false;

  const cancelTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const onScreenKey = () => linesKey(toLines(deps.read()));

  const saved = (key: string) => {
    serverKey = key;
    deps.mark.write(key);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) deps.sessionEnded();
    // Otherwise the cart keeps working in this browser. The mark still names what the account
    // last held, so the next change or page load sends the cart again.
  };

  function schedule() {
    cancelTimer();
    timer = setTimeout(() => void save(), deps.saveDelayMs);
  }

  async function save() {
    timer = undefined;
    if (!joined) return;
    if (saving) {
      saveAgain = true;
      return;
    }
    const at = epoch;
    const sent = toLines(deps.read());
    const key = linesKey(sent);
    if (key === serverKey) return;
    saving = true;
    try {
      await deps.server.save(sent);
      // What was asked for, not the answer: a line the server left out (gone from the catalogue)
      // must not make every later check think the cart changed.
      if (at === epoch) saved(key);
    } catch (error) {
      if (at === epoch) failed(error);
    } finally {
      saving = false;
      if (saveAgain && at === epoch) {
        saveAgain = false;
        schedule();
      }
    }
  }

  async function join(customerId: string, at: number) {
    const mark = deps.mark.read();
    const sent = toLines(deps.read());
    if (mark !== null && mark !== linesKey(sent)) {
      // Changed since the account last had it (the tab closed before the save went out, say):
      // this browser's cart is the newer one.
      joined = customerId;
      await save();
      return;
    }
    try {
      const answer = await (mark === null ? deps.server.merge(sent) : deps.server.fetch());
      const seen = new Map(deps.read().map((item) => [item.product.id, item.product]));
      const unseen = answer.items.some((line) => !seen.has(line.productId));
      const catalogue = unseen ? await deps.products() : [];
      if (at !== epoch) return;
      for (const product of catalogue) if (!seen.has(product.id)) seen.set(product.id, product);
      // A product the catalogue no longer has is left out below; its cap is that of units.
      const unitOf = (id: string) => seen.get(id)?.unit ?? "each";
      const lines = rebaseLines(answer.items, sent, toLines(deps.read()), unitOf);
      const items = toCartItems(lines, (id) => seen.get(id));
      joined = customerId;
      // Marked before the cart changes on screen: a change without a mark means another tab
      // logged out (see `changed`).
      saved(linesKey(answer.items));
      deps.replace(items);
      if (linesKey(toLines(items)) !== serverKey) schedule();
    } catch (error) {
      if (at === epoch) failed(error);
    }
  }

  return {
    /** Who the session says is signed in: an id, null for nobody, undefined while it is read. */
    sessionIs(customerId: string | null | undefined) {
      if (customerId === customer) return;
      customer = customerId;
      epoch += 1;
      cancelTimer();
      joined = null;
      serverKey = null;
      saveAgain = false;
      if (customerId === undefined) return;
      if (customerId === null) {
        // Logged out here or in another tab, or the session ran out: a shared computer must not
        // show the previous customer's cart. Their account still has it.
        if (signedIn || deps.mark.read() !== null) {
          deps.clear();
          deps.mark.write(null);
        }
        signedIn = false;
        return;
      }
      signedIn = true;
      void join(customerId, epoch);
    },

    /** The cart on screen changed: here, by the sync itself, or in another tab. */
    changed() {
      if (!joined) return;
      if (deps.mark.read() === null) {
        // Another tab logged out (and emptied the cart with the mark): saving now would empty
        // the account's cart, or fill the next customer's with this one.
        joined = null;
        cancelTimer();
        deps.sessionEnded();
        return;
      }
      if (!saving && onScreenKey() === serverKey) cancelTimer();
      else schedule();
    },

    /** The page is being hidden or closed: a change still waiting goes now. */
    flush() {
      if (timer === undefined) return;
      cancelTimer();
      void save();
    },

    stop: cancelTimer,
  };
}
