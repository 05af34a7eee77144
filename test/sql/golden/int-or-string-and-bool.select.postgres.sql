SELECT *
FROM "logs"."http_requests"
WHERE CASE WHEN "EdgeStartTimestamp" ~ '^-?[0-9]+([.][0-9]+)?$' THEN CAST("EdgeStartTimestamp" AS double precision) END >= 1700000000
  AND "CacheReserveUsed" = TRUE
  AND starts_with("EdgeEndTimestamp", '2024-');
