CREATE TABLE "stock_lot_moves" (
	"product_id" text NOT NULL,
	"movement_id" bigint NOT NULL,
	"lot_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	CONSTRAINT "stock_lot_moves_product_id_movement_id_lot_id_pk" PRIMARY KEY("product_id","movement_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"source" text NOT NULL,
	"supplier" text,
	"harvested_on" date,
	"best_before" date,
	"unit_cost_paise" integer,
	"received" integer NOT NULL,
	"remaining" integer NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" text,
	"movement_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_lots_remaining_nonnegative" CHECK ("stock_lots"."remaining" >= 0),
	CONSTRAINT "stock_lots_source_valid" CHECK ("stock_lots"."source" in ('receipt', 'unrecorded'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "best_before" date;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "lot_id" bigint;--> statement-breakpoint
CREATE INDEX "stock_lot_moves_order_idx" ON "stock_lot_moves" USING btree ("order_id") WHERE "stock_lot_moves"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_lots_open_idx" ON "stock_lots" USING btree ("product_id","id") WHERE "stock_lots"."remaining" > 0;--> statement-breakpoint
-- A lot past its best-before date (in India time) that nobody has checked is not sold.
CREATE FUNCTION "lot_expired"(best_before date, checked_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  select best_before is not null and checked_at is null
    and best_before < (now() at time zone 'Asia/Kolkata')::date
$$;--> statement-breakpoint
-- What a product may sell now: its stock less what lies in lots past their best-before date.
CREATE FUNCTION "expired_stock"(product text) RETURNS integer
LANGUAGE sql STABLE AS $$
  select coalesce(sum(remaining), 0)::integer from stock_lots
  where product_id = product and remaining > 0 and lot_expired(best_before, checked_at)
$$;--> statement-breakpoint
-- The lots follow the ledger: every row of stock_movements, whichever path wrote it (the order's
-- one statement, a receipt, a write-off, a count, a cancel), moves the same quantity in the lots
-- and says which in stock_lot_moves. A receipt is a new lot. Units coming back from an order go
-- to the lot the order took them from; other units found go to the unrecorded lot. Units going
-- out come from a named lot, or first in first out (the lots an order took from first, for its
-- own write-offs); a sale never takes from a lot past its best-before date. A quantity the lots
-- cannot give refuses the whole statement, so stock and lots never part.
CREATE FUNCTION "keep_stock_lots"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
  need integer;
  take integer;
  lot record;
BEGIN
  IF NEW.quantity > 0 THEN
    IF NEW.kind = 'receipt' THEN
      INSERT INTO stock_lots (product_id, source, supplier, harvested_on, best_before,
        unit_cost_paise, received, remaining, movement_id)
      VALUES (NEW.product_id, 'receipt', NEW.supplier, NEW.harvested_on, NEW.best_before,
        NEW.unit_cost_paise, NEW.quantity, NEW.quantity, NEW.id)
      RETURNING id INTO target;
    ELSE
      target := NEW.lot_id;
      IF target IS NULL AND NEW.order_id IS NOT NULL THEN
        SELECT m.lot_id INTO target FROM stock_lot_moves m
          WHERE m.order_id = NEW.order_id AND m.product_id = NEW.product_id AND m.quantity < 0
          ORDER BY m.movement_id DESC, m.lot_id DESC LIMIT 1;
      END IF;
      IF target IS NULL THEN
        SELECT id INTO target FROM stock_lots
          WHERE product_id = NEW.product_id AND source = 'unrecorded' ORDER BY id DESC LIMIT 1;
      END IF;
      IF target IS NULL THEN
        INSERT INTO stock_lots (product_id, source, received, remaining)
        VALUES (NEW.product_id, 'unrecorded', 0, 0) RETURNING id INTO target;
      END IF;
      UPDATE stock_lots SET remaining = remaining + NEW.quantity
        WHERE id = target AND product_id = NEW.product_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'lot % is not a lot of %', target, NEW.product_id
          USING ERRCODE = 'foreign_key_violation';
      END IF;
    END IF;
    INSERT INTO stock_lot_moves (product_id, movement_id, lot_id, quantity, kind, order_id)
    VALUES (NEW.product_id, NEW.id, target, NEW.quantity, NEW.kind, NEW.order_id);
    RETURN NULL;
  END IF;
  IF NEW.quantity = 0 THEN
    RETURN NULL;
  END IF;
  need := -NEW.quantity;
  IF NEW.lot_id IS NOT NULL THEN
    UPDATE stock_lots SET remaining = remaining - need
      WHERE id = NEW.lot_id AND product_id = NEW.product_id AND remaining >= need;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'lot % of % holds less than %', NEW.lot_id, NEW.product_id, need
        USING ERRCODE = 'check_violation', CONSTRAINT = 'stock_lots_remaining_nonnegative';
    END IF;
    INSERT INTO stock_lot_moves (product_id, movement_id, lot_id, quantity, kind, order_id)
    VALUES (NEW.product_id, NEW.id, NEW.lot_id, NEW.quantity, NEW.kind, NEW.order_id);
    RETURN NULL;
  END IF;
  FOR lot IN
    SELECT l.id, l.remaining FROM stock_lots l
    WHERE l.product_id = NEW.product_id AND l.remaining > 0
      AND (NEW.kind <> 'sale' OR NOT lot_expired(l.best_before, l.checked_at))
    ORDER BY (NEW.order_id IS NOT NULL AND NEW.kind <> 'sale' AND EXISTS (
        SELECT 1 FROM stock_lot_moves m
        WHERE m.order_id = NEW.order_id AND m.product_id = l.product_id AND m.lot_id = l.id
      )) DESC, l.id
    FOR UPDATE OF l
  LOOP
    take := least(lot.remaining, need);
    UPDATE stock_lots SET remaining = remaining - take WHERE id = lot.id;
    INSERT INTO stock_lot_moves (product_id, movement_id, lot_id, quantity, kind, order_id)
    VALUES (NEW.product_id, NEW.id, lot.id, -take, NEW.kind, NEW.order_id);
    need := need - take;
    EXIT WHEN need = 0;
  END LOOP;
  IF need > 0 THEN
    RAISE EXCEPTION 'the lots of % hold % too few to take %', NEW.product_id, need, -NEW.quantity
      USING ERRCODE = 'check_violation', CONSTRAINT = 'stock_lots_remaining_nonnegative';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_keep_lots" AFTER INSERT ON "stock_movements"
FOR EACH ROW EXECUTE FUNCTION "keep_stock_lots"();--> statement-breakpoint
-- The stock already on the shelf: no receipt is known to hold it, so it is unrecorded. The
-- latest recorded cost is the best word on what it cost; its harvest date is not carried over,
-- since the latest receipt's date is exactly what wrongly re-dated it.
INSERT INTO "stock_lots" ("product_id", "source", "unit_cost_paise", "received", "remaining")
SELECT "id", 'unrecorded', "unit_cost_paise", "stock", "stock" FROM "products" WHERE "stock" > 0;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "harvested_on";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "unit_cost_paise";
