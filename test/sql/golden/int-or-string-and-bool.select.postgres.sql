SELECT *
FROM "logs"."http_requests"
WHERE (CASE WHEN "EdgeStartTimestamp" ~ '^-?[0-9]+$' THEN CASE WHEN CAST("EdgeStartTimestamp" AS numeric) BETWEEN -9223372036854775808 AND 18446744073709551615 THEN CAST("EdgeStartTimestamp" AS numeric) END END >= 1700000000 OR CASE WHEN "EdgeStartTimestamp" ~ '^-?[0-9]+[.][0-9]+$' THEN CAST("EdgeStartTimestamp" AS double precision) WHEN "EdgeStartTimestamp" ~ '^-?[0-9]+$' THEN CASE WHEN CAST("EdgeStartTimestamp" AS numeric) BETWEEN -9223372036854775808 AND 18446744073709551615 THEN NULL ELSE CAST("EdgeStartTimestamp" AS double precision) END END >= 1700000000)
  AND "CacheReserveUsed" = TRUE
  AND starts_with("EdgeEndTimestamp", '2024-');
