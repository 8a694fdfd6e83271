// Customer Relations' year for the dashboards' benchmark, written by the database itself (INSERT
// ... SELECT over generate_series): order ratings, home-page feedback, support tickets with their
// threads, and a few bulk orders. Every row follows from its number (a ticket's from its
// reference, a feedback message's from its place in the year), so a ticket's status, times and
// thread are computed from the same formulas and agree.
import { sql } from "drizzle-orm";
import { type DatabaseHandle, rowsOf } from "../../src/server/db/client.ts";
import { LOW_RATING_MAX, RATING_DAYS } from "../../src/shared/contracts/customer-voice.ts";
import { QUERY_TYPES, type QueryType } from "../../src/shared/contracts/support.ts";
import { REPLY_PROMISE_HOURS } from "../../src/shared/contracts/support-inbox.ts";
import { ORDER_PREFIX } from "./bench-orders.ts";

/** How many of each a database gets. */
export type VoiceSizes = { tickets: number; ratings: number; feedback: number };

/** What was seeded, counted from the tables afterwards. */
export type VoiceSeeded = {
  tickets: number;
  open: number;
  overdue: number;
  waiting: number;
  resolved: number;
  messages: number;
  ratings: number;
  ratings30: number;
  lowRatings: number;
  /** Delivered orders added (copies of bench orders, lines and all) to carry enough ratings. */
  ratedCopies: number;
  feedback: number;
  unread: number;
  bulkOrders: number;
  seconds: number;
};

/** Contact-form tickets take references from here up (SUP- and six digits, one per row). */
const CONTACT_BASE = 100_000;
/** Follow-ups the shop opened: of a feedback message, and of a low rating. */
const FEEDBACK_BASE = 800_000;
const RATING_BASE = 900_000;
/** One ticket in this many is a follow-up of a low rating, one feedback message in this many is answered. */
const RATING_FOLLOW_UP_EVERY = 100;
const FEEDBACK_ANSWERED_EVERY = 20;

/** Stars from a number: about half 5, a quarter 4, one in eight 3, one in ten 1 or 2. */
const STARS = (n: string) => `(case
  when (${n} * 37) % 101 < 5 then 1 when (${n} * 37) % 101 < 10 then 2
  when (${n} * 37) % 101 < 22 then 3 when (${n} * 37) % 101 < 50 then 4 else 5 end)`;
/** How long after delivery a shopper rates: 1 to 72 hours. */
const RATED_AFTER = (n: string) => `make_interval(hours => 1 + (${n} * 7) % 72)`;

/**
 * The SET of an UPDATE of the bench orders that rates them: delivered orders whose rating time
 * (after `deliveredAt`, an expression of the row) has come, the share of them that `ratings` out
 * of `orders` asks for. The sales timeline's update of every order carries it, so the million
 * orders are written once, not twice.
 */
export function ratingColumns(deliveredAt: string, ratings: number, orders: number): string {
  // About 19 in 20 bench orders are delivered; the copies in seedBenchVoice make up the rest.
  const share = Math.min(10_007, Math.ceil((ratings / Math.max(1, orders * 0.95)) * 10_007));
  const rated = `status = 'delivered' and (id * 11) % 10007 < ${share}
    and ${deliveredAt} + ${RATED_AFTER("id")} <= now()`;
  return `rating = case when ${rated} then ${STARS("id")} end,
      rated_at = case when ${rated} then ${deliveredAt} + ${RATED_AFTER("id")} end`;
}

/** Query types by how often people pick them, one entry a twentieth. */
const QUERY_MIX: QueryType[] = (
  [
    ["order_status", 6],
    ["product_inquiry", 3],
    ["refund_request", 3],
    ["shipping_issue", 3],
    ["feedback", 2],
    ["bulk_order", 1],
    ["others", 2],
  ] as const
).flatMap(([type, weight]) => Array.from({ length: weight }, () => type));
if (QUERY_MIX.length !== 20 || QUERY_MIX.some((type) => !QUERY_TYPES.includes(type))) {
  throw new Error("the bench's query mix must name 20 known query types");
}
const ABOUT_AN_ORDER: QueryType[] = ["order_status", "refund_request", "shipping_issue"];
const array = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value}'`).join(", ")}]`;

const FIRST_NAMES = ["Ananya", "Rohan", "Priya", "Sourav", "Lipika", "Arjun", "Sneha", "Biswajit"];
const LAST_NAMES = ["Das", "Mohanty", "Patnaik", "Sahoo", "Mishra", "Nayak", "Behera"];
const person = (n: string) =>
  `(${array(FIRST_NAMES)})[1 + ${n} % ${FIRST_NAMES.length}] || ' ' || (${array(LAST_NAMES)})[1 + ${n} % ${LAST_NAMES.length}]`;
const emailOf = (n: string) => `'customer' || (${n} % 20000) || '@example.in'`;

const MESSAGES = [
  "Hello, I placed an order yesterday evening and it has not reached me yet. The tracking page still says it is being packed. Could you please tell me when it will be delivered?",
  "The tomatoes in my last box were overripe and two of the mangoes were bruised. I would like a refund for those items, or a replacement with my next order if that is easier.",
  "Do you stock organic turmeric from Kandhamal, and will you have fresh jackfruit this season? I would like to order a few kilos for a family function next month.",
  "My delivery came two hours after the slot I chose and nobody called before. Please ask the delivery partner to call me at the gate, the building has no intercom.",
];
const REPLIES = [
  "Thank you for writing to us. I have checked your order with the packing team and it is on its way; you should have it within the hour. Please write back if it does not arrive.",
  "We are sorry about the produce in your box. I have arranged a refund for the affected items to your original payment method; it reaches you in 3 to 5 working days.",
];
const ANSWERS = [
  "Thank you, it has arrived now and everything looks fine.",
  "Thanks for the quick reply. I have one more question: can I change the delivery address for my next order?",
];
const NOTE = "Checked with the packing team: the box left the store late because of a short pick.";
const pick = (values: string[], n: string) => `(${array(values)})[1 + ${n} % ${values.length}]`;

/**
 * A contact-form ticket i of `count` over the last 365 days, as a store writes them (in turn):
 * the shop's first reply comes 10 minutes to a day and a bit later (the later, the rarer); one
 * in 500 is never answered. Until the reply it is open, its promised reply due 24 hours after it
 * came; after it, 7 in 100 wait on the customer and the rest are resolved. Replied ones have 1-3
 * thread entries: the reply, the customer's answer, and another reply (or an internal note).
 */
const TICKET = {
  createdAt: (i: string, count: number) =>
    `(now() - interval '365 days' + (${i}::float8 / ${count}) * interval '365 days')`,
  firstReplyAt: (i: string, createdAt: string) =>
    `(${createdAt} + make_interval(secs => 600 + power((${i} * 37) % 100, 2) * 10.8))`,
  forgotten: (i: string) => `(${i} % 500 = 250)`,
  waiting: (i: string) => `((${i} * 53) % 100 < 7)`,
  /** Thread entries of a replied ticket; a waiting one ends with the shop's reply. */
  entries: (i: string, status: string) => `(case
    when ${status} = 'open' then case when ${i} % 7 = 3 then 1 else 0 end
    when ${status} = 'waiting' then case when (${i} * 71) % 10 < 7 then 1 else 3 end
    else case when (${i} * 71) % 10 < 5 then 1 when (${i} * 71) % 10 < 8 then 2 else 3 end end)`,
  /** When entry k (1-3) was written: a note 30 minutes in on an open ticket, else after the reply. */
  entryAt: (i: string, k: string, createdAt: string, firstReplyAt: string) => `least(now(), case
    when ${firstReplyAt} is null then ${createdAt} + interval '30 minutes'
    when ${k} = 1 then ${firstReplyAt}
    when ${k} = 2 then ${firstReplyAt} + make_interval(hours => 1 + ${i} % 20)
    else ${firstReplyAt} + make_interval(hours => 2 + ${i} % 20 + ${i} % 9) end)`,
  entryKind: (i: string, k: string, status: string) => `(case
    when ${status} = 'open' then 'note'
    when ${k} = 1 then 'reply' when ${k} = 2 then 'answer'
    when ${status} = 'resolved' and ${i} % 3 = 0 then 'note' else 'reply' end)`,
};

/**
 * Orders rated beyond what the bench orders carry: copies of delivered bench orders (lines and
 * timeline shifted with them), delivered over the last 30 days but the last 4, and rated.
 */
async function copyRatedOrders(database: DatabaseHandle, count: number): Promise<void> {
  if (count <= 0) return;
  const [{ last }] = rowsOf<{ last: number }>(
    await database.db.execute(sql`select coalesce(max(id), 0)::int as last from orders`),
  ) as [{ last: number }];
  const step = Math.max(1, Math.floor(last / (count + 1)));
  await database.db.execute(
    sql.raw(`
    with picked as (
      select k, o.*, now() - interval '${RATING_DAYS} days'
          + (k::float8 / ${count}) * interval '${RATING_DAYS - 4} days' - o.placed_at as shift
      from generate_series(1, ${count}) k
      cross join lateral (select * from orders o where o.id >= k * ${step} and o.status = 'delivered'
        order by o.id limit 1) o
    ),
    copied as (
      insert into orders (order_number, status, payment_status, payment_method, first_name,
        last_name, email, phone, address, city, state, pincode, notes, subtotal_paise, gst_paise,
        delivery_fee_paise, total_paise, browser_key_hash, customer_id, placed_at, confirmed_at,
        packed_at, out_for_delivery_at, delivered_at, updated_at, rating, rated_at)
      select '${ORDER_PREFIX}R' || k, 'delivered', 'paid', payment_method, first_name, last_name,
        email, phone, address, city, state, pincode, notes, subtotal_paise, gst_paise,
        delivery_fee_paise, total_paise, browser_key_hash, customer_id, placed_at + shift,
        confirmed_at + shift, packed_at + shift, out_for_delivery_at + shift, delivered_at + shift,
        delivered_at + shift, ${STARS("k")}, delivered_at + shift + ${RATED_AFTER("k")}
      from picked
      returning id, order_number
    )
    insert into order_lines (order_id, product_id, name, unit, hsn_code, unit_price_paise,
      quantity, ordered_quantity, gst_rate_bps, taxable_paise, gst_paise)
    select c.id, l.product_id, l.name, l.unit, l.hsn_code, l.unit_price_paise, l.quantity,
      l.ordered_quantity, l.gst_rate_bps, l.taxable_paise, l.gst_paise
    from copied c
    join picked p on c.order_number = '${ORDER_PREFIX}R' || p.k
    join order_lines l on l.order_id = p.id`),
  );
}

/**
 * The follow-ups the shop opened (feedback answered, low ratings followed up): waiting on the
 * customer after the member's reply, or (3 in 4) answered by them and resolved.
 */
const FOLLOW_UP = {
  status: (j: string) => `(case when ${j} % 4 = 0 then 'waiting' else 'resolved' end)`,
  answeredAt: (j: string, openedAt: string) =>
    `least(now(), ${openedAt} + make_interval(hours => 2 + ${j} % 12))`,
  resolvedAt: (j: string, openedAt: string) =>
    `least(now(), ${openedAt} + make_interval(hours => 3 + ${j} % 12))`,
};

/** The member who answers: the seed's Customer Relations staff member. */
const MEMBER = `member as (select id, name from staff_members
  where role = 'customer-relations' order by id limit 1)`;

/** The threads of the follow-ups: the member's reply, and the customer's answer to it. */
const FOLLOW_UP_THREADS = `
  with ${MEMBER}
  insert into support_messages (ticket_id, kind, body, staff_id, staff_name, created_at)
  select made.id, case k when 1 then 'reply' else 'answer' end,
    case k when 1 then ${pick(REPLIES, "j")} else ${pick(ANSWERS, "j")} end,
    case k when 1 then member.id end, case k when 1 then member.name end,
    case k when 1 then made.created_at
      else least(made.updated_at, ${FOLLOW_UP.answeredAt("j", "made.created_at")}) end
  from support_tickets made
  cross join member
  cross join lateral (select substr(made.reference, 5)::int % 100000 as j) x
  cross join lateral generate_series(1, case when made.status = 'waiting' then 1 else 2 end) k
  where made.origin <> 'contact_form'
  order by made.id, k`;

/** Low ratings followed up: one in RATING_FOLLOW_UP_EVERY tickets, spread over the low ones. */
async function seedRatingFollowUps(database: DatabaseHandle, count: number): Promise<void> {
  if (count <= 0) return;
  await database.db.execute(
    sql.raw(`
    with ${MEMBER},
    low as (
      select id, order_number, first_name, last_name, email, customer_id, rating, rated_at,
        row_number() over (order by id) as n, count(*) over () as total
      from orders where rating <= ${LOW_RATING_MAX}
    ),
    chosen as (
      select *, (n / greatest(1, total / ${count}))::int as j from low
      where n % greatest(1, total / ${count}) = 0 order by n limit ${count}
    )
    insert into support_tickets (reference, status, query_type, name, email, phone,
        order_number, message, customer_id, created_at, updated_at, reply_due_at, first_reply_at,
        version, updated_by, origin)
      select 'SUP-' || (${RATING_BASE} + j), ${FOLLOW_UP.status("j")}, 'feedback',
        first_name || ' ' || last_name, email, '', order_number,
        'Rated order ' || order_number || ' ' || rating || ' of 5 stars.', customer_id,
        opened, case when ${FOLLOW_UP.status("j")} = 'waiting' then opened
          else ${FOLLOW_UP.resolvedAt("j", "opened")} end,
        null, opened, case when ${FOLLOW_UP.status("j")} = 'waiting' then 2 else 4 end,
        (select name from member), 'rating'
    from chosen
    cross join lateral (select least(now(), rated_at + make_interval(hours => 2 + j % 20)) as opened) o
    order by j`),
  );
}

/**
 * Feedback messages over the year, in turn. Each one in FEEDBACK_ANSWERED_EVERY was answered (a
 * follow-up ticket, inserted first); the rest were read within a day or so, but those of the
 * last two days and one in 250 older ones are still unread.
 */
const FEEDBACK = {
  createdAt: (i: string, count: number) =>
    `(now() - interval '365 days' + (${i}::float8 / ${count}) * interval '365 days')`,
  readAt: (i: string, createdAt: string) =>
    `least(now(), ${createdAt} + make_interval(hours => 1 + ${i} % 30))`,
  answered: (i: string) => `(${i} % ${FEEDBACK_ANSWERED_EVERY} = ${FEEDBACK_ANSWERED_EVERY / 2})`,
  message: (i: string) =>
    pick(
      [
        "Lovely fresh greens this week, thank you! The coriander lasted for days.",
        "Could you add more millet products? Ragi flour especially would be great.",
        "The new paper bags tear when the vegetables are wet. Please use sturdier ones.",
        "Delivery was quick but the eggs were cracked. Better packing would help.",
        "Your website is easy to use. It would be nice to save a weekly basket and reorder it.",
      ],
      i,
    ),
};

async function seedFeedback(database: DatabaseHandle, count: number): Promise<void> {
  if (count <= 0) return;
  const answered = Math.floor(count / FEEDBACK_ANSWERED_EVERY);
  const i = `(j * ${FEEDBACK_ANSWERED_EVERY} - ${FEEDBACK_ANSWERED_EVERY / 2})`;
  const createdAt = FEEDBACK.createdAt(i, count);
  await database.db.execute(
    sql.raw(`
    with ${MEMBER}
    insert into support_tickets (reference, status, query_type, name, email, phone,
        order_number, message, created_at, updated_at, reply_due_at, first_reply_at, version,
        updated_by, origin)
      select 'SUP-' || (${FEEDBACK_BASE} + j), ${FOLLOW_UP.status("j")}, 'feedback',
        ${person(i)}, ${emailOf(i)}, '', '', ${FEEDBACK.message(i)},
        opened, case when ${FOLLOW_UP.status("j")} = 'waiting' then opened
          else ${FOLLOW_UP.resolvedAt("j", "opened")} end,
        null, opened, case when ${FOLLOW_UP.status("j")} = 'waiting' then 2 else 4 end,
        (select name from member), 'feedback'
      from generate_series(1, ${answered}) j
      cross join lateral (select ${FEEDBACK.readAt(i, createdAt)} as opened) o
      order by j`),
  );
  // The answered messages point at their tickets: the planner should know there are some.
  await database.db.execute(sql`analyze support_tickets`);
  await database.db.execute(
    sql.raw(`
    with ${MEMBER}
    insert into feedback (name, email, message, created_at, read_at, read_by, ticket_id)
    select ${person("i")}, ${emailOf("i")}, ${FEEDBACK.message("i")}, created_at,
      case when unread then null else ${FEEDBACK.readAt("i", "created_at")} end,
      case when unread then null else (select name from member) end,
      case when ${FEEDBACK.answered("i")} then (select t.id from support_tickets t
        where t.reference = 'SUP-' || (${FEEDBACK_BASE} + (i + ${FEEDBACK_ANSWERED_EVERY / 2}) / ${FEEDBACK_ANSWERED_EVERY})) end
    from generate_series(1, ${count}) i
    cross join lateral (select ${FEEDBACK.createdAt("i", count)} as created_at) c
    cross join lateral (select not ${FEEDBACK.answered("i")} and (created_at > now() - interval '2 days'
      or i % 250 = 0 or ${FEEDBACK.readAt("i", "created_at")} >= now()) as unread) u
    order by i`),
  );
}

/** Contact-form tickets 1..count, as the contact form made them over the year. */
async function seedContactTickets(
  database: DatabaseHandle,
  count: number,
  orders: number,
): Promise<void> {
  if (count <= 0) return;
  const createdAt = TICKET.createdAt("i", count);
  const queryType = `(${array(QUERY_MIX)})[1 + (i * 13) % 20]`;
  // Orders asked about are from about the same time; one in 25 is mistyped (not found).
  const orderNumber = `case when ${queryType} not in (${ABOUT_AN_ORDER.map((type) => `'${type}'`).join(", ")}) then ''
    when i % 25 = 0 then 'FHH-' || lpad(((i * 7919) % 1000000)::text, 6, '0')
    else '${ORDER_PREFIX}' || greatest(1, floor(i::float8 / ${count} * ${orders})::int - i % 40) end`;
  const status = `case when ${TICKET.forgotten("i")} or first_reply > now() then 'open'
      when ${TICKET.waiting("i")} then 'waiting' else 'resolved' end`;
  const lastEntry = TICKET.entryAt("i", TICKET.entries("i", "s.status"), "created", "first_reply");
  await database.db.execute(
    sql.raw(`
    with ${MEMBER}
    insert into support_tickets (reference, status, query_type, name, email, phone,
        order_number, message, created_at, updated_at, reply_due_at, first_reply_at, version,
        updated_by, origin)
      select 'SUP-' || (${CONTACT_BASE} + i), s.status, ${queryType}, ${person("i")},
        ${emailOf("i")}, '+91900' || lpad((i % 10000000)::text, 7, '0'), ${orderNumber},
        ${pick(MESSAGES, "i")}, created,
        case s.status when 'open' then created when 'waiting' then ${lastEntry}
          else least(now(), ${lastEntry} + make_interval(hours => 1 + i % 36)) end,
        case when s.status = 'open' then created + interval '${REPLY_PROMISE_HOURS} hours' end,
        case when s.status <> 'open' then first_reply end,
        case s.status when 'open' then 1
          else 1 + ${TICKET.entries("i", "s.status")} + case when s.status = 'resolved' then 1 else 0 end
            - case when ${TICKET.entryKind("i", "3", "s.status")} = 'note' and ${TICKET.entries("i", "s.status")} = 3 then 1 else 0 end end,
        case when s.status = 'open' then 'customer' else (select name from member) end,
        'contact_form'
      from generate_series(1, ${count}) i
      cross join lateral (select ${createdAt} as created) c
      cross join lateral (select ${TICKET.firstReplyAt("i", "created")} as first_reply) r
      cross join lateral (select ${status} as status) s
      order by i`),
  );
}

/**
 * The contact-form tickets' threads, from each ticket's reference, status and first reply (a
 * statement of its own after ANALYZE: checking each entry's ticket in a table the planner still
 * thinks empty would scan it once an entry).
 */
async function seedContactThreads(database: DatabaseHandle): Promise<void> {
  await database.db.execute(
    sql.raw(`
    with ${MEMBER}
    insert into support_messages (ticket_id, kind, body, staff_id, staff_name, created_at)
    select made.id, kind,
      case kind when 'reply' then ${pick(REPLIES, "i")} when 'answer' then ${pick(ANSWERS, "i")}
        else '${NOTE}' end,
      case when kind <> 'answer' then member.id end,
      case when kind <> 'answer' then member.name end,
      least(case when made.status = 'open' then now() else made.updated_at end,
        ${TICKET.entryAt("i", "k", "made.created_at", "made.first_reply_at")})
    from support_tickets made
    cross join member
    cross join lateral (select substr(made.reference, 5)::int - ${CONTACT_BASE} as i) x
    cross join lateral generate_series(1, ${TICKET.entries("i", "made.status")}) k
    cross join lateral (select ${TICKET.entryKind("i", "k", "made.status")} as kind) e
    where made.origin = 'contact_form'
    order by made.id, k`),
  );
}

/** A few bulk orders: some to review, some confirmed for events in the next weeks. */
async function seedBulkOrders(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(
    sql.raw(`
    insert into bulk_orders (ticket_id, status, name, email, phone, event_type, products,
      location, delivery_date, cod_requested, quote_paise, advance_paise, browser_key_hash,
      created_at, quoted_at, advance_paid_at, confirmed_at, updated_at)
    select 'BOR-BENCH-' || k, s.status, ${person("k")}, ${emailOf("k")},
      '+91901' || lpad(k::text, 7, '0'), (array['wedding', 'corporate', 'festival'])[1 + k % 3],
      'Tomatoes 40 kg, onions 30 kg, seasonal greens 15 kg', 'Saheed Nagar, Bhubaneswar',
      (now() + make_interval(days => 3 + k % 40))::date, k % 4 = 0,
      case when s.status <> 'awaiting_review' then 2500000 + k * 10000 end,
      case when s.status <> 'awaiting_review' then 750000 + k * 3000 end,
      'bench', now() - make_interval(days => 1 + k % 20),
      case when s.status <> 'awaiting_review' then now() - make_interval(days => k % 20) end,
      case when s.status in ('advance_paid', 'confirmed') then now() - make_interval(days => k % 10) end,
      case when s.status = 'confirmed' then now() - make_interval(days => k % 10) end,
      now() - make_interval(days => k % 10)
    from generate_series(1, ${count}) k
    cross join lateral (select (array['awaiting_review', 'awaiting_review', 'awaiting_payment',
      'advance_paid', 'confirmed', 'confirmed'])[1 + k % 6] as status) s`),
  );
}

/**
 * Seeds Customer Relations' year after the bench orders (already rated by `ratingColumns`):
 * enough rated copies to reach `sizes.ratings`, feedback, tickets and a few bulk orders; then
 * vacuums and analyzes what it wrote, so plans and index-only scans are as in a shop running
 * for a year.
 */
export async function seedBenchVoice(
  database: DatabaseHandle,
  sizes: VoiceSizes,
  orders: number,
): Promise<VoiceSeeded> {
  const started = performance.now();
  const { db } = database;
  const [{ rated }] = rowsOf<{ rated: number }>(
    await db.execute(sql`select count(*)::int as rated from orders where rating is not null`),
  ) as [{ rated: number }];
  const ratedCopies = Math.max(0, sizes.ratings - rated);
  await copyRatedOrders(database, ratedCopies);

  const ratingFollowUps = Math.floor(sizes.tickets / RATING_FOLLOW_UP_EVERY);
  const feedbackFollowUps = Math.floor(sizes.feedback / FEEDBACK_ANSWERED_EVERY);
  await seedRatingFollowUps(database, ratingFollowUps);
  await seedFeedback(database, sizes.feedback);
  const [{ followUps }] = rowsOf<{ followUps: number }>(
    await db.execute(sql`select count(*)::int as "followUps" from support_tickets`),
  ) as [{ followUps: number }];
  if (followUps > ratingFollowUps + feedbackFollowUps) {
    throw new Error(`seeding Customer Relations met ${followUps} tickets already there`);
  }
  await seedContactTickets(database, Math.max(0, sizes.tickets - followUps), orders);
  await db.execute(sql`analyze support_tickets`);
  await db.execute(sql.raw(FOLLOW_UP_THREADS));
  await seedContactThreads(database);
  await seedBulkOrders(database, 30);
  for (const table of [
    "orders",
    "order_lines",
    "support_tickets",
    "support_messages",
    "feedback",
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(sql`analyze bulk_orders`);
  const seconds = (performance.now() - started) / 1000;

  const [counted] = rowsOf<Omit<VoiceSeeded, "ratedCopies" | "seconds">>(
    await db.execute(
      sql.raw(`select
        (select count(*)::int from support_tickets) as tickets,
        (select count(*)::int from support_tickets where status = 'open') as open,
        (select count(*)::int from support_tickets where status = 'open' and reply_due_at < now()) as overdue,
        (select count(*)::int from support_tickets where status = 'waiting') as waiting,
        (select count(*)::int from support_tickets where status = 'resolved') as resolved,
        (select count(*)::int from support_messages) as messages,
        (select count(*)::int from orders where rating is not null) as ratings,
        (select count(*)::int from orders where rating is not null
          and rated_at >= now() - interval '${RATING_DAYS} days') as "ratings30",
        (select count(*)::int from orders where rating <= ${LOW_RATING_MAX}) as "lowRatings",
        (select count(*)::int from feedback) as feedback,
        (select count(*)::int from feedback where read_at is null) as unread,
        (select count(*)::int from bulk_orders) as "bulkOrders"`),
    ),
  );
  return { ...counted!, ratedCopies, seconds };
}
