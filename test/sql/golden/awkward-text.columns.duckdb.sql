"ClientRequestPath" = '50%_off''s \ path'
  OR starts_with("ClientRequestUserAgent", 'é東😀')
  OR ends_with("ClientRequestHost", '_%')
