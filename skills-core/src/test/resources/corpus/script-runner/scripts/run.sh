#!/bin/sh
echo "report for $*"
