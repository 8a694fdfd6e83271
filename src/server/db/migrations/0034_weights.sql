ALTER TABLE "products" ADD COLUMN "step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "minimum" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "packed_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_steps_valid" CHECK ("products"."step" > 0 and "products"."minimum" > 0);--> statement-breakpoint
-- One list of real units: "Bunch" and "bunch" were one unit spelt twice, and so were "Pack" and
-- "pack"; "500g" and "100g" were weights dressed as units.
UPDATE "products" SET "unit" = lower("unit") WHERE "unit" IN ('Bunch', 'Pack');--> statement-breakpoint
UPDATE "order_lines" SET "unit" = lower("unit") WHERE "unit" IN ('Bunch', 'Pack');--> statement-breakpoint
UPDATE "bulk_order_lines" SET "unit" = lower("unit") WHERE "unit" IN ('Bunch', 'Pack');--> statement-breakpoint
-- Everything sold by weight is now counted in grams and priced per kilogram: a kilo product's
-- quantities are multiplied by 1000 and its price stays; a "500g" product's quantities by 500 and
-- its price doubles (per kilo), a "100g" one's by 100 and its price times ten. Every amount in
-- paise stays exactly what it was, so no order, invoice or figure changes its money.
CREATE TABLE "weighed_units" ("unit" text PRIMARY KEY, "grams" integer NOT NULL);--> statement-breakpoint
INSERT INTO "weighed_units" VALUES ('kg', 1000), ('500g', 500), ('100g', 100);--> statement-breakpoint
CREATE TABLE "weighed_products" AS
  SELECT p."id", w."grams" FROM "products" p JOIN "weighed_units" w ON w."unit" = p."unit";--> statement-breakpoint
UPDATE "products" p SET
  "stock" = p."stock" * w."grams",
  "low_stock_threshold" = p."low_stock_threshold" * w."grams",
  "price_paise" = p."price_paise" * 1000 / w."grams",
  "step" = CASE WHEN w."grams" = 1000 THEN 250 ELSE w."grams" END,
  "minimum" = CASE WHEN w."grams" = 1000 THEN 250 ELSE w."grams" END,
  "unit" = 'kg'
  FROM "weighed_products" w WHERE w."id" = p."id";--> statement-breakpoint
UPDATE "order_lines" l SET
  "quantity" = l."quantity" * w."grams",
  "ordered_quantity" = l."ordered_quantity" * w."grams",
  "unit_price_paise" = l."unit_price_paise" * 1000 / w."grams",
  "unit" = 'kg'
  FROM "weighed_units" w WHERE w."unit" = l."unit";--> statement-breakpoint
UPDATE "bulk_order_lines" l SET
  "quantity" = l."quantity" * w."grams",
  "unit_price_paise" = l."unit_price_paise" * 1000 / w."grams",
  "list_price_paise" = l."list_price_paise" * 1000 / w."grams",
  "unit" = 'kg'
  FROM "weighed_units" w WHERE w."unit" = l."unit";--> statement-breakpoint
UPDATE "cart_items" c SET "quantity" = c."quantity" * w."grams"
  FROM "weighed_products" w WHERE w."id" = c."product_id";--> statement-breakpoint
UPDATE "large_order_notices" n SET
  "quantity" = n."quantity" * w."grams", "stock_before" = n."stock_before" * w."grams"
  FROM "weighed_products" w WHERE w."id" = n."product_id";--> statement-breakpoint
UPDATE "daily_product_sales" d SET "units" = d."units" * w."grams"
  FROM "weighed_products" w WHERE w."id" = d."product_id";--> statement-breakpoint
UPDATE "daily_order_figures" f SET "products" = (
  SELECT coalesce(jsonb_object_agg(e.key, CASE WHEN w."grams" IS NULL THEN e.value
    ELSE jsonb_set(e.value, '{units}', to_jsonb((e.value->>'units')::integer * w."grams")) END),
    '{}'::jsonb)
  FROM jsonb_each(f."products") e LEFT JOIN "weighed_products" w ON w."id" = e.key);--> statement-breakpoint
UPDATE "stock_lots" l SET "received" = l."received" * w."grams", "remaining" = l."remaining" * w."grams",
  "unit_cost_paise" = l."unit_cost_paise" * 1000 / w."grams"
  FROM "weighed_products" w WHERE w."id" = l."product_id";--> statement-breakpoint
UPDATE "stock_lot_moves" m SET "quantity" = m."quantity" * w."grams"
  FROM "weighed_products" w WHERE w."id" = m."product_id";--> statement-breakpoint
-- The ledger, the refunds after delivery and the credit notes are records no code rewrites; this
-- migration restates their quantities in grams once (the same weight, the same money), with the
-- guards set aside for these statements only.
ALTER TABLE "stock_movements" DISABLE TRIGGER "stock_movements_append_only";--> statement-breakpoint
UPDATE "stock_movements" s SET
  "quantity" = s."quantity" * w."grams", "stock_after" = s."stock_after" * w."grams",
  "unit_cost_paise" = s."unit_cost_paise" * 1000 / w."grams"
  FROM "weighed_products" w WHERE w."id" = s."product_id";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER "stock_movements_append_only";--> statement-breakpoint
CREATE FUNCTION "lines_in_grams"(lines jsonb) RETURNS jsonb LANGUAGE sql AS $$
  select coalesce(jsonb_agg(case when w.grams is null then l.value else
    l.value || jsonb_build_object('unit', 'kg',
      'quantity', (l.value->>'quantity')::integer * w.grams)
      || case when l.value ? 'unitPricePaise' then jsonb_build_object('unitPricePaise',
        (l.value->>'unitPricePaise')::integer * 1000 / w.grams) else '{}'::jsonb end
    end order by l.ordinality), '[]'::jsonb)
  from jsonb_array_elements(lines) with ordinality l
  left join weighed_units w on w.unit = l.value->>'unit'
$$;--> statement-breakpoint
ALTER TABLE "delivered_refunds" DISABLE TRIGGER "delivered_refunds_append_only";--> statement-breakpoint
UPDATE "delivered_refunds" SET "lines" = lines_in_grams("lines");--> statement-breakpoint
ALTER TABLE "delivered_refunds" ENABLE TRIGGER "delivered_refunds_append_only";--> statement-breakpoint
ALTER TABLE "credit_notes" DISABLE TRIGGER "credit_notes_append_only";--> statement-breakpoint
UPDATE "credit_notes" SET "lines" = lines_in_grams("lines");--> statement-breakpoint
ALTER TABLE "credit_notes" ENABLE TRIGGER "credit_notes_append_only";--> statement-breakpoint
DROP FUNCTION "lines_in_grams"(jsonb);--> statement-breakpoint
DROP TABLE "weighed_products";--> statement-breakpoint
DROP TABLE "weighed_units";
