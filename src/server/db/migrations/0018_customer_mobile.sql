-- A customer's mobile number on the account, kept from My account and offered at checkout.
ALTER TABLE "users" ADD COLUMN "mobile" text;