resource "cloudflare_logpush_job" "dns_failures" {
  enabled          = true
  zone_id          = var.zone_id
  name             = "dns-failures"
  dataset          = "dns_logs"
  destination_conf = "${var.log_bucket}/dns"
  filter           = <<-EOT
    {
      "where": {
        "or": [
          { "key": "ResponseCode", "operator": "geq", "value": "2" },
          { "key": "QueryName", "operator": "endsWith", "value": ".internal" }
        ]
      }
    }
  EOT
}
