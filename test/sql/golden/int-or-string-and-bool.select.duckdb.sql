SELECT *
FROM "logs"."http_requests"
WHERE (CASE WHEN regexp_full_match("EdgeStartTimestamp", '^-?[0-9]+$') THEN CASE WHEN TRY_CAST("EdgeStartTimestamp" AS HUGEINT) BETWEEN -9223372036854775808 AND 18446744073709551615 THEN TRY_CAST("EdgeStartTimestamp" AS HUGEINT) END END >= 1700000000 OR CASE WHEN regexp_full_match("EdgeStartTimestamp", '^-?[0-9]+[.][0-9]+$') THEN TRY_CAST("EdgeStartTimestamp" AS DOUBLE) WHEN regexp_full_match("EdgeStartTimestamp", '^-?[0-9]+$') THEN CASE WHEN TRY_CAST("EdgeStartTimestamp" AS HUGEINT) BETWEEN -9223372036854775808 AND 18446744073709551615 THEN NULL ELSE TRY_CAST("EdgeStartTimestamp" AS DOUBLE) END END >= 1700000000)
  AND "CacheReserveUsed" = TRUE
  AND starts_with("EdgeEndTimestamp", '2024-');
