SELECT *
FROM "logs"."http_requests"
WHERE "ClientRequestPath" = E'50%_off''s \\ path'
  OR starts_with("ClientRequestUserAgent", 'é東😀')
  OR right("ClientRequestHost", char_length('_%')) = '_%';
