ALTER TABLE "daily_product_sales" ADD COLUMN "cost_paise" numeric(16, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_product_sales" ADD COLUMN "uncosted_items" numeric(14, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Days already rolled up get the cost of what their orders took from the lots (the lot moves of
-- orders placed before the lots began are none, so those days cost nothing known).
UPDATE "daily_product_sales" d SET "cost_paise" = c."cost", "uncosted_items" = c."uncosted"
FROM (
  SELECT (o."placed_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", m."product_id",
    coalesce(sum(-m."quantity"::numeric * l."unit_cost_paise"
      / (CASE WHEN p."unit" = 'kg' THEN 1000.0 ELSE 1 END)), 0) AS "cost",
    coalesce(sum(-m."quantity" / (CASE WHEN p."unit" = 'kg' THEN 1000.0 ELSE 1 END))
      FILTER (WHERE l."unit_cost_paise" IS NULL), 0) AS "uncosted"
  FROM "orders" o
  JOIN "stock_lot_moves" m ON m."order_id" = o."id" AND m."kind" IN ('sale', 'cancellation', 'refund')
  JOIN "stock_lots" l ON l."id" = m."lot_id"
  JOIN "products" p ON p."id" = m."product_id"
  WHERE o."status" NOT IN ('cancelled', 'awaiting_payment')
  GROUP BY 1, 2
) c
WHERE d."day" = c."day" AND d."product_id" = c."product_id";
