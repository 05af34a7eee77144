# The escaped JSON string the provider's documentation shows.
resource "cloudflare_logpush_job" "http_errors" {
  enabled          = true
  zone_id          = var.zone_id
  name             = "http-errors"
  dataset          = "http_requests"
  logpull_options  = "fields=${join(",", local.common_fields)},EdgeResponseStatus&timestamps=rfc3339"
  destination_conf = "${var.log_bucket}/http"
  filter           = "{\"where\":{\"and\":[{\"key\":\"ClientCountry\",\"operator\":\"in\",\"value\":[\"us\",\"ca\"]},{\"key\":\"EdgeResponseStatus\",\"operator\":\"geq\",\"value\":\"500\"}]}}"
}
