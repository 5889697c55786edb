#!/bin/sh
set -eu
magick "$1" -resize "$2" "${1%.*}-$2.webp"
