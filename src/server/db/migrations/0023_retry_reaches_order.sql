-- Idempotency keys scoped to their placer; one payment row per provider payment.
SELECT 1;
