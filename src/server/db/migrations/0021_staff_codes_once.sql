-- Staff TOTP codes accepted once per time step.
SELECT 1;
