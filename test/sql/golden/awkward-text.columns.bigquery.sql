`ClientRequestPath` = '50%_off\'s \\ path'
  OR STARTS_WITH(`ClientRequestUserAgent`, 'é東😀')
  OR ENDS_WITH(`ClientRequestHost`, '_%')
