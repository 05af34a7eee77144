# Filters built from variables are known only when Terraform plans: logfilter reports them as not checked.
resource "cloudflare_logpush_job" "watched_host" {
  enabled          = true
  zone_id          = var.zone_id
  name             = "watched-host"
  dataset          = "http_requests"
  destination_conf = "${var.log_bucket}/host"
  filter = jsonencode({
    where = { key = "ClientRequestHost", operator = "eq", value = var.watched_host }
  })
}

resource "cloudflare_logpush_job" "account_audit" {
  enabled          = true
  account_id       = var.account_id
  name             = "audit"
  dataset          = "audit_logs"
  destination_conf = "${var.log_bucket}/audit"
  filter           = "{\"where\":{\"key\":\"ActorEmail\",\"operator\":\"endsWith\",\"value\":\"${var.watched_host}\"}}"
}
