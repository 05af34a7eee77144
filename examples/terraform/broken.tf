# Two mistakes the provider's issue tracker sees often: an old operator spelling inside an
# escaped string, and a list written as one string inside jsonencode.
resource "cloudflare_logpush_job" "slow_origins" {
  enabled          = true
  zone_id          = var.zone_id
  name             = "slow-origins"
  dataset          = "http_requests"
  destination_conf = "${var.log_bucket}/slow"
  filter           = "{\"where\":{\"key\":\"OriginResponseDurationMs\",\"operator\":\"gte\",\"value\":\"3000\"}}"
}

resource "cloudflare_logpush_job" "bot_traffic" {
  enabled          = true
  zone_id          = var.zone_id
  name             = "bot-traffic"
  dataset          = "http_requests"
  destination_conf = "${var.log_bucket}/bots"
  filter = jsonencode({
    where = {
      and = [
        { key = "BotScore", operator = "lt", value = 30 },
        { key = "EdgeResponseStatus", operator = "in", value = "200,201" },
      ]
    }
  })
}
