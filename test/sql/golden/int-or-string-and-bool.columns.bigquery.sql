IF(REGEXP_CONTAINS(`EdgeStartTimestamp`, r'^-?[0-9]+([.][0-9]+)?$'), SAFE_CAST(`EdgeStartTimestamp` AS FLOAT64), NULL) >= 1700000000
  AND `CacheReserveUsed` = TRUE
  AND STARTS_WITH(`EdgeEndTimestamp`, '2024-')
