SELECT *
FROM "logs"."http_requests"
WHERE len(list_filter("BotDetectionIDs", lambda e: e = 5)) > 0
  OR len(list_filter("BotDetectionIDs", lambda e: e IN (1, 2))) > 0
  OR ("BotTags" IS NULL OR NOT (len(list_filter("BotTags", lambda e: e = 'bad''tag')) > 0));
