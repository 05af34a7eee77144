("ClientRequestHost" IS NULL OR NOT ("ClientRequestHost" = 'example.com'))
  AND ("ClientRequestPath" IS NULL OR NOT ("ClientRequestPath" IN ('/a', '/b')))
  AND ("ClientRequestURI" IS NULL OR NOT (strpos("ClientRequestURI", '?debug') > 0))
