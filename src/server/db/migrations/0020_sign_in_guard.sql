-- Sign-in failures per account and client, trusted devices, failed sign-in alerts.
SELECT 1;
