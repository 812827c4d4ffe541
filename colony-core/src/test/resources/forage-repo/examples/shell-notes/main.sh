#!/bin/sh
# Rotates the nightly backup and keeps seven copies.
tar czf "backup-$(date +%F).tgz" data/
ls -t backup-*.tgz | tail -n +8 | xargs rm -f
