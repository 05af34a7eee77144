SELECT *
FROM `logs`.`http_requests`
WHERE `ClientCountry` IN ('us', 'ca')
  AND (`BotScore` < 30 OR `EdgeResponseStatus` >= 500);
