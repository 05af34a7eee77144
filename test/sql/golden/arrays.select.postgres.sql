SELECT *
FROM "logs"."http_requests"
WHERE EXISTS (SELECT 1 FROM unnest("BotDetectionIDs") AS element(e) WHERE e = 5)
  OR EXISTS (SELECT 1 FROM unnest("BotDetectionIDs") AS element(e) WHERE e IN (1, 2))
  OR ("BotTags" IS NULL OR NOT (EXISTS (SELECT 1 FROM unnest("BotTags") AS element(e) WHERE e = 'bad''tag')));
