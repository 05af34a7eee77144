SELECT *
FROM "logs"."http_requests"
WHERE CASE WHEN regexp_full_match("EdgeStartTimestamp", '^-?[0-9]+([.][0-9]+)?$') THEN TRY_CAST("EdgeStartTimestamp" AS DOUBLE) END >= 1700000000
  AND "CacheReserveUsed" = TRUE
  AND starts_with("EdgeEndTimestamp", '2024-');
