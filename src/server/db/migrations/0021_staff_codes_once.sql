-- The last time step whose staff authenticator code was accepted: each code opens one session.
ALTER TABLE "staff_two_factors" ADD COLUMN "totp_last_step" bigint;
