SELECT *
FROM `logs`.`http_requests`
WHERE EXISTS (SELECT 1 FROM UNNEST(`BotDetectionIDs`) AS e WHERE e = 5)
  OR EXISTS (SELECT 1 FROM UNNEST(`BotDetectionIDs`) AS e WHERE e IN (1, 2))
  OR (`BotTags` IS NULL OR NOT (EXISTS (SELECT 1 FROM UNNEST(`BotTags`) AS e WHERE e = 'bad\'tag')));
