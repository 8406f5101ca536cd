#!/usr/bin/env bash
# Makes the README's pictures from the real app on the demo campaign, under
# Xvfb: the roster with a character's sheet, the journey's charts, the map,
# and the first page of a character sheet PDF (pdftoppm). Run it again after
# a screen changes; the pictures land in packaging/screenshots/.
#
# Needs Xvfb, xdotool, ImageMagick's import and pdftoppm:
#   apt-get install xvfb xdotool imagemagick poppler-utils
set -euo pipefail
cd "$(dirname "$0")/.."
out=packaging/screenshots
for tool in Xvfb xdotool import pdftoppm; do
    command -v "$tool" >/dev/null 2>&1 ||
        { echo "screenshots: $tool is missing (apt-get install xvfb xdotool imagemagick poppler-utils)" >&2; exit 1; }
done
mkdir -p "$out"
cargo build --locked --quiet
bin=target/debug/waybook
tmp="$(mktemp -d)"
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
app=
trap 'kill $app $xvfb 2>/dev/null; rm -rf "$tmp"' EXIT
export DISPLAY=:97
"$bin" new "$tmp/demo.waybook" --demo >/dev/null
sleep 1
WAYBOOK_DATA_DIR="$tmp/data" "$bin" "$tmp/demo.waybook" >/dev/null 2>&1 &
app=$!
win="$(xdotool search --sync --name 'Waybook$' | head -n 1)"
sleep 3
xdotool windowfocus "$win" 2>/dev/null

shot() {
    xdotool mousemove 1270 790 # no tooltip in the picture
    sleep 1.5
    import -window root "$out/$1.png"
    echo "screenshots: $out/$1.png"
}
# A screen by the command palette, as a GM would go there by keyboard.
go() {
    xdotool key ctrl+k
    sleep 0.5
    xdotool type --delay 20 "$1"
    sleep 0.3
    xdotool key Return
    sleep 1
}
click() { xdotool mousemove "$1" "$2" click 1; }

click 60 325 # Sefa Qorrin's row (the roster sorted by name)
shot roster
go "go to journeys"
click 377 149 # the Charts tab
shot journey-charts
go "go to map"
shot map
"$bin" export "$tmp/demo.waybook" --character "Sefa Qorrin" --out "$tmp/sheet.pdf" >/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$tmp/sheet.pdf" "$out/sheet-pdf"
echo "screenshots: $out/sheet-pdf.png"
