arrayExists(e -> e = 5, `BotDetectionIDs`)
  OR arrayExists(e -> e IN (1, 2), `BotDetectionIDs`)
  OR (`BotTags` IS NULL OR NOT (arrayExists(e -> e = 'bad\'tag', `BotTags`)))
