SELECT *
FROM `logs`.`http_requests`
WHERE arrayExists(e -> ifNull(e = 5, 0), `BotDetectionIDs`)
  OR arrayExists(e -> ifNull(e IN (1, 2), 0), `BotDetectionIDs`)
  OR (`BotTags` IS NULL OR NOT (arrayExists(e -> ifNull(e = 'bad\'tag', 0), `BotTags`)));
