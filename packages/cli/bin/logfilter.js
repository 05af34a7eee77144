#!/usr/bin/env node
import '../dist/logfilter.js';
