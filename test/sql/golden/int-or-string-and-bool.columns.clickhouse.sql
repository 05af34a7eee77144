if(match(`EdgeStartTimestamp`, '^-?[0-9]+([.][0-9]+)?$'), toFloat64OrNull(`EdgeStartTimestamp`), NULL) >= 1700000000
  AND `CacheReserveUsed` = TRUE
  AND startsWith(`EdgeEndTimestamp`, '2024-')
