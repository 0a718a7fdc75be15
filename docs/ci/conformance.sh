#!/bin/sh
# Judge a deployment with spec-conformance-harness from any CI: a plain shell step.
# Needs Node 20+ and a Chromium (chromium on the PATH, /usr/bin/chromium, or CHROMIUM_PATH); the project
# has the package in its devDependencies and a spec-conformance.config.ts naming the target, whose URL it
# reads from SITE_URL (docs/config.md). Keep reports/ as the job's artifact (conformance.html, junit.xml).
# Every npm/npx line is one that `npm test` runs in its consumer check, in a fresh project
# (selftest/consumer-steps.ts; selftest/consumer-docs.test.ts keeps them the same).
# Exit code: the gate's (0 passed, 1 failed, 2 bad input or environment).
set -u
: "${SITE_URL:?set SITE_URL to the address of the deployment}"
# Where the Markdown report is appended (GitHub sets this; elsewhere a file of the job's).
GITHUB_STEP_SUMMARY="${GITHUB_STEP_SUMMARY:-conformance-summary.md}"
export SITE_URL GITHUB_STEP_SUMMARY

npm ci || exit 2
npx spec-conformance --version || exit 2
status=0
npx spec-conformance --summary "$GITHUB_STEP_SUMMARY" || status=$?
# A Next.js 16 site, its framework's known deviations waived with their reasons:
#   npx spec-conformance --expectations next@16 --summary "$GITHUB_STEP_SUMMARY"
tar czf conformance-report.tgz reports/
exit "$status"
