-- Open cash orders per network, large-share alerts.
SELECT 1;
