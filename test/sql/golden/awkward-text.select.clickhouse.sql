SELECT *
FROM `logs`.`http_requests`
WHERE `ClientRequestPath` = '50%_off\'s \\ path'
  OR startsWith(`ClientRequestUserAgent`, 'é東😀')
  OR endsWith(`ClientRequestHost`, '_%');
