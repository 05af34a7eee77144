// jsonencode keeps the filter readable and lets Terraform do the escaping.
resource "cloudflare_logpush_job" "firewall_blocks" {
  enabled          = true
  zone_id          = var.zone_id
  name             = "firewall-blocks"
  dataset          = "firewall_events"
  destination_conf = "${var.log_bucket}/firewall"
  filter = jsonencode({
    where = {
      and = [
        { key = "EdgeResponseStatus", operator = "in", value = [403, 429] },
        { key = "ClientCountry", operator = "!eq", value = "us" },
      ]
    }
  })
}
