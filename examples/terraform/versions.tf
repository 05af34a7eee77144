terraform {
  required_version = ">= 1.5"
  required_providers {
    cloudflare = {
      source  = "cloudflare/cloudflare"
      version = "~> 4.40"
    }
  }
}

variable "zone_id" {
  type        = string
  description = "The zone whose logs are pushed"
}

variable "account_id" {
  type = string
}

variable "log_bucket" {
  type    = string
  default = "s3://example-logs/cloudflare?region=us-east-1"
}

variable "watched_host" {
  type    = string
  default = "api.example.com"
}

locals {
  /* Fields every job delivers; the filters below keep the volume down. */
  common_fields = ["RayID", "EdgeStartTimestamp", "ClientIP"]
  regions       = { for name in ["us", "eu"] : name => upper(name) }
}
