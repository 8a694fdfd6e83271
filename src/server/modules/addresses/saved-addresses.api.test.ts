import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "../../../shared/contracts/checkout.ts";
import {
  SAVED_ADDRESS_LIMITS,
  SAVED_ADDRESS_MESSAGES,
  SAVED_ADDRESSES_PATH,
  type SavedAddress,
} from "../../../shared/contracts/saved-addresses.ts";
import { OUTSIDE_DELIVERY_AREA_MESSAGE } from "../../../shared/rules/delivery-area.ts";
import { customerAddresses, users } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import {
  freshAddress,
  freshEmail,
  freshMobile,
  signUpCustomer,
  TEST_ORIGIN,
} from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const HOME = {
  label: "Home",
  address: "12 Janpath",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
};
const OFFICE = {
  label: "Office",
  address: "Plot 4, Saheed Nagar",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751022",
};
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;
type Method = "GET" | "POST" | "PUT" | "DELETE";

describe.each(testDatabaseKinds)("a customer's saved addresses on %s", (kind) => {
  const ctx = useTestApp(kind);

  const send = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
      remoteAddress: freshAddress(),
      ...(payload !== undefined && { payload: payload as object }),
    });
  const signUp = async () => (await signUpCustomer(ctx.app)).cookie;
  const list = async (cookie: string) => {
    const response = await send("GET", SAVED_ADDRESSES_PATH, cookie);
    expect(response.statusCode).toBe(200);
    return response.json().addresses as SavedAddress[];
  };
  const add = (cookie: string, address: object) =>
    send("POST", SAVED_ADDRESSES_PATH, cookie, address);
  const added = async (cookie: string, address: object) => {
    const response = await add(cookie, address);
    expect(response.statusCode).toBe(201);
    return response.json().addresses as SavedAddress[];
  };
  const idOf = (addresses: SavedAddress[], label: string) =>
    addresses.find((saved) => saved.label === label)!.id;
  const place = (cookie: string | undefined, delivery: object, saveAddress?: boolean) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: {
        origin: TEST_ORIGIN,
        "idempotency-key": `address-${unique()}`,
        ...(cookie && { cookie }),
      },
      remoteAddress: freshAddress(),
      payload: {
        contact: { firstName: "Asha", email: freshEmail("asha"), phone: freshMobile() },
        delivery,
        payment: { method: "cash" },
        items: [{ productId: "tomatoes", quantity: 1_000 }],
        ...(saveAddress !== undefined && { saveAddress }),
      },
    });

  it("turns a guest away from every action, before reading what they sent", async () => {
    const asha = await signUp();
    const [home] = await added(asha, HOME);
    const attempts: [Method, string, unknown?][] = [
      ["GET", SAVED_ADDRESSES_PATH],
      ["POST", SAVED_ADDRESSES_PATH, { nonsense: true }],
      ["PUT", `${SAVED_ADDRESSES_PATH}/${home!.id}`, HOME],
      ["POST", `${SAVED_ADDRESSES_PATH}/${home!.id}/default`],
      ["DELETE", `${SAVED_ADDRESSES_PATH}/${home!.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await send(method, url, undefined, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({
        code: "UNAUTHORIZED",
        message: SAVED_ADDRESS_MESSAGES.signIn,
      });
    }
    expect(await list(asha)).toEqual([{ ...HOME, id: home!.id, isDefault: true }]);
  });

  it("adds addresses, the first as the default, and lists the default first", async () => {
    const asha = await signUp();
    expect(await list(asha)).toEqual([]);
    const first = await added(asha, HOME);
    expect(first).toEqual([{ ...HOME, id: expect.any(Number), isDefault: true }]);
    const second = await added(asha, OFFICE);
    expect(second.map((saved) => [saved.label, saved.isDefault])).toEqual([
      ["Home", true],
      ["Office", false],
    ]);
    const third = await added(asha, {
      address: "  7 Market Road ",
      city: "Bhubaneswar",
      state: "Odisha",
      pincode: "751001",
      makeDefault: true,
    });
    expect(third.map((saved) => [saved.label, saved.address, saved.isDefault])).toEqual([
      ["", "7 Market Road", true],
      ["Home", "12 Janpath", false],
      ["Office", "Plot 4, Saheed Nagar", false],
    ]);
    const response = await send("GET", SAVED_ADDRESSES_PATH, asha);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("checks the PIN code against the delivery area with checkout's message", async () => {
    const asha = await signUp();
    const outside = await add(asha, { ...HOME, pincode: "110001" });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      message: OUTSIDE_DELIVERY_AREA_MESSAGE,
      field: "pincode",
    });
    const malformed = await add(asha, { ...HOME, pincode: "75100" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(CHECKOUT_MESSAGES.pincode);
    const missing = await add(asha, { ...HOME, address: "  " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(CHECKOUT_MESSAGES.required);
    const [home] = await added(asha, HOME);
    const moved = await send("PUT", `${SAVED_ADDRESSES_PATH}/${home!.id}`, asha, {
      ...HOME,
      pincode: "110001",
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(OUTSIDE_DELIVERY_AREA_MESSAGE);
    expect(await list(asha)).toEqual([{ ...HOME, id: home!.id, isDefault: true }]);
  });

  it("never saves the same address twice, however it is spelt", async () => {
    const asha = await signUp();
    await added(asha, HOME);
    const again = await add(asha, {
      label: "Mum's",
      address: "12  JANPATH",
      city: "bhubaneswar ",
      state: "Odisha",
      pincode: "751007",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: SAVED_ADDRESS_MESSAGES.duplicate });
    expect(await list(asha)).toHaveLength(1);
  });

  it(`keeps at most ${SAVED_ADDRESS_LIMITS.perCustomer} addresses per customer`, async () => {
    const asha = await signUp();
    for (let n = 1; n <= SAVED_ADDRESS_LIMITS.perCustomer; n++) {
      await added(asha, { ...HOME, label: `Flat ${n}`, address: `Flat ${n}, 12 Janpath` });
    }
    const more = await add(asha, OFFICE);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      message: `You can keep up to ${SAVED_ADDRESS_LIMITS.perCustomer} addresses. Please delete one to add another.`,
    });
    expect(await list(asha)).toHaveLength(SAVED_ADDRESS_LIMITS.perCustomer);
  });

  it("edits an address, which stays the default, and refuses another customer's", async () => {
    const asha = await signUp();
    const ravi = await signUp();
    const id = idOf(await added(asha, HOME), "Home");
    await added(asha, OFFICE);
    const edited = await send("PUT", `${SAVED_ADDRESSES_PATH}/${id}`, asha, {
      ...HOME,
      label: "Home (new flat)",
      address: "14 Janpath",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().addresses[0]).toEqual({
      ...HOME,
      id,
      label: "Home (new flat)",
      address: "14 Janpath",
      isDefault: true,
    });
    const intoOffice = await send("PUT", `${SAVED_ADDRESSES_PATH}/${id}`, asha, OFFICE);
    expect(intoOffice.statusCode).toBe(409);

    const before = await list(asha);
    for (const target of [id, 2_000_000_000]) {
      const theirs = await send("PUT", `${SAVED_ADDRESSES_PATH}/${target}`, ravi, OFFICE);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ message: SAVED_ADDRESS_MESSAGES.notFound });
    }
    expect(await list(asha)).toEqual(before);
    expect(await list(ravi)).toEqual([]);
  });

  it("makes another address the default, one at a time, and refuses another customer's", async () => {
    const asha = await signUp();
    const ravi = await signUp();
    await added(asha, HOME);
    const office = idOf(await added(asha, OFFICE), "Office");
    const raviHome = idOf(await added(ravi, HOME), "Home");
    const made = await send("POST", `${SAVED_ADDRESSES_PATH}/${office}/default`, asha);
    expect(made.statusCode).toBe(200);
    expect(
      (made.json().addresses as SavedAddress[]).map((saved) => [saved.label, saved.isDefault]),
    ).toEqual([
      ["Office", true],
      ["Home", false],
    ]);
    const theirs = await send("POST", `${SAVED_ADDRESSES_PATH}/${office}/default`, ravi);
    expect(theirs.statusCode).toBe(404);
    expect(await list(ravi)).toEqual([{ ...HOME, id: raviHome, isDefault: true }]);
  });

  it("deletes an address, passes the default on, and refuses another customer's", async () => {
    const asha = await signUp();
    const ravi = await signUp();
    const home = idOf(await added(asha, HOME), "Home");
    const office = idOf(await added(asha, OFFICE), "Office");
    const theirs = await send("DELETE", `${SAVED_ADDRESSES_PATH}/${home}`, ravi);
    expect(theirs.statusCode).toBe(404);
    expect(await list(asha)).toHaveLength(2);

    const deleted = await send("DELETE", `${SAVED_ADDRESSES_PATH}/${home}`, asha);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().addresses).toEqual([{ ...OFFICE, id: office, isDefault: true }]);
    expect((await send("DELETE", `${SAVED_ADDRESSES_PATH}/${home}`, asha)).statusCode).toBe(404);
    expect((await send("DELETE", `${SAVED_ADDRESSES_PATH}/${office}`, asha)).json()).toEqual({
      addresses: [],
    });
  });

  it("refuses an id that is not a whole number", async () => {
    const asha = await signUp();
    const response = await send("DELETE", `${SAVED_ADDRESSES_PATH}/abc`, asha);
    expect(response.statusCode).toBe(400);
  });

  it("has the database hold one default per customer and drop them with the customer", async () => {
    const { cookie, userId } = await signUpCustomer(ctx.app);
    await added(cookie, HOME);
    const db = ctx.database.db;
    await expect(
      db.insert(customerAddresses).values({ customerId: userId, ...OFFICE, isDefault: true }),
    ).rejects.toSatisfy((error) => isUniqueViolation(error, "customer_addresses_one_default_idx"));
    await db.delete(users).where(eq(users.id, userId));
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, userId));
    expect(left[0]!.n).toBe(0);
  });

  it("saves a checkout's address with the tick, once, for a signed-in customer only", async () => {
    const asha = await signUp();
    const { label: _, ...delivery } = HOME;
    expect((await place(asha, delivery, false)).statusCode).toBe(201);
    expect(await list(asha)).toEqual([]);
    expect((await place(asha, delivery, true)).statusCode).toBe(201);
    expect(await list(asha)).toEqual([
      { ...delivery, label: "", id: expect.any(Number), isDefault: true },
    ]);
    const respelt = { ...delivery, address: "12 janpath " };
    expect((await place(asha, respelt, true)).statusCode).toBe(201);
    expect(await list(asha)).toHaveLength(1);

    const guestOrder = await place(undefined, { ...delivery, address: "99 Guest Lane" }, true);
    expect(guestOrder.statusCode).toBe(201);
    const [guestRows] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerAddresses)
      .where(eq(customerAddresses.address, "99 Guest Lane"));
    expect(guestRows!.n).toBe(0);
  });

  it("places the order even when its address cannot be saved", async () => {
    const asha = await signUp();
    for (let n = 1; n <= SAVED_ADDRESS_LIMITS.perCustomer; n++) {
      await added(asha, { ...HOME, address: `Flat ${n}, 12 Janpath` });
    }
    const full = await place(asha, { ...OFFICE, label: undefined }, true);
    expect(full.statusCode).toBe(201);
    expect(await list(asha)).toHaveLength(SAVED_ADDRESS_LIMITS.perCustomer);

    const ravi = await signUp();
    const db = ctx.database.db;
    // A real failure of the save: the table refuses every new row for the moment.
    await db.execute(
      sql`alter table customer_addresses add constraint refuse_all check (false) not valid`,
    );
    try {
      const refused = await place(ravi, { ...OFFICE, label: undefined }, true);
      expect(refused.statusCode).toBe(201);
      expect(refused.json().orderNumber).toMatch(/^FHH-\d{6}$/);
    } finally {
      await db.execute(sql`alter table customer_addresses drop constraint refuse_all`);
    }
    expect(await list(ravi)).toEqual([]);
  });
});
