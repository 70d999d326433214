#!/usr/bin/env bash
# Makes the 命书's font, apps/api/assets/fonts/XuanliKai-Regular.ttf.br, from Debian's LXGW WenKai
# (霞鹜文楷, OFL-1.1): a TrueType (glyf) 楷体 whose outlines fontkit can subset into each PDF. Run once
# by a developer when the font or the texts change; the server never runs it (it reads the committed file).
#
# What it keeps, so that the committed file stays near 2 MB rather than the whole font's 15.7 MB: the
# GB2312 character set (6,763 汉字: the characters of everyday names and writing), every character
# written in the engine's and the bazi module's sources (the terms, 神煞 and the seeded reading texts,
# some of them outside GB2312), ASCII, Latin-1, general punctuation, arrows, circled numbers, geometric
# shapes, CJK symbols and full-width forms — whatever of those the font has. A rarer character (a name
# outside GB2312, an editor's new text) is printed as 〇 by the 命书; rerun this script
# after adding texts. No hinting, no layout tables (the PDF draws glyph by glyph). The family is renamed
# 玄历楷体 / XuanliKai: the OFL lets a modified font (a subset is one) not carry the upstream's Reserved
# Font Names (霞鹜, LXGW).
#
# Stored brotli-compressed; Node's own zlib unpacks it in well under a second when the first 命书 is made.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/assets/fonts"
source_font=/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf
python=/usr/bin/python3

need=()
[ -f "$source_font" ] || need+=(fonts-lxgw-wenkai)
"$python" -c 'import fontTools.subset' 2>/dev/null || need+=(python3-fonttools)
if [ ${#need[@]} -gt 0 ]; then
  # shellcheck source=scripts/apt-install.sh
  source "$here/../../scripts/apt-install.sh"
  apt_as_root make-mingshu-font "${need[@]}"
  apt_install "${need[@]}"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

repo=$(cd "$here/../.." && pwd)
texts=$(find "$repo/packages/almanac/src" "$here/src/modules/bazi" -name '*.ts' | sort)
# shellcheck disable=SC2086
"$python" - "$source_font" "$work/XuanliKai-Regular.ttf" $texts <<'PY'
import sys
from fontTools import subset
from fontTools.ttLib import TTFont

source, target, texts = sys.argv[1], sys.argv[2], sys.argv[3:]
chars = set()
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(bytes([hi, lo]).decode('gb2312'))
        except UnicodeDecodeError:
            pass
for path in texts:
    with open(path, encoding='utf-8') as f:
        chars.update(f.read())
ranges = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2460, 0x24FF),
          (0x25A0, 0x25FF), (0x3000, 0x303F), (0xFF00, 0xFFEF)]
for lo, hi in ranges:
    chars.update(chr(c) for c in range(lo, hi + 1))

font = TTFont(source)
have = set(font.getBestCmap())
codepoints = sorted(ord(c) for c in chars if ord(c) in have)
options = subset.Options()
options.layout_features = []
options.hinting = False
options.notdef_outline = True
options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
options.drop_tables += ['BASE', 'GDEF', 'GSUB', 'GPOS', 'vhea', 'vmtx', 'gasp']
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=codepoints)
subsetter.subset(font)

name = font['name']
family, full, ps = 'XuanliKai', 'XuanliKai Regular', 'XuanliKai-Regular'
for record in list(name.names):
    if record.nameID in (1, 16):
        record.string = family
    elif record.nameID == 4:
        record.string = full
    elif record.nameID == 6:
        record.string = ps
    elif record.nameID == 3:
        record.string = f'{ps};subset of LXGW WenKai 1.250 for the Xuanli 命书'
    elif record.nameID == 0:
        record.string = record.toUnicode() + ' Subset and renamed for Xuanli (OFL-1.1 Modified Version).'
name.names = [r for r in name.names if r.nameID not in (16, 17)]
font.save(target)
print(f'{len(codepoints)} characters kept', file=sys.stderr)
PY

node -e '
const { readFileSync, writeFileSync } = require("node:fs");
const { brotliCompressSync, constants: c } = require("node:zlib");
const ttf = readFileSync(process.argv[1]);
const packed = brotliCompressSync(ttf, { params: { [c.BROTLI_PARAM_QUALITY]: 11, [c.BROTLI_PARAM_LGWIN]: 24, [c.BROTLI_PARAM_SIZE_HINT]: ttf.length } });
writeFileSync(process.argv[2], packed);
console.error(`${ttf.length} bytes → ${packed.length} bytes brotli`);
' "$work/XuanliKai-Regular.ttf" "$out/XuanliKai-Regular.ttf.br"
