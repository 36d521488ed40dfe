#!/usr/bin/env python3
import re, sys
# scripts/replay-example/capture.sh: the dump trimmed to the rows the log reads (each customer's
# latest PER orders and the orders it reads by id), its charset and collation clauses removed.
src, dst, per = sys.argv[1], sys.argv[2], int(sys.argv[3])
keep_ids = set(int(x) for x in sys.argv[4].split(','))
text = open(src, encoding='utf-8').read()
# Each server's default character set and collation: none named.
text = text.replace(' /*!40100 DEFAULT CHARACTER SET latin1 COLLATE latin1_swedish_ci */', '')
text = text.replace(' DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci', '')
text = re.sub(r'^/\*M!999999\\- enable the sandbox mode \*/ ?\n', '', text)
def orders(m):
    rows = re.findall(r'\((\d+),(\d+),(\'[^\']*\'),(\d+)\)', m.group(1))
    by = {}
    for r in rows: by.setdefault(int(r[1]), []).append(r)
    kept = []
    for c, rs in by.items():
        rs.sort(key=lambda r: -int(r[0]))
        kept += rs[:per] + [r for r in rs[per:] if int(r[0]) in keep_ids]
    kept.sort(key=lambda r: int(r[0]))
    return 'INSERT INTO `orders` VALUES\n' + ',\n'.join('(%s,%s,%s,%s)' % r for r in kept) + ';'
text = re.sub(r'INSERT INTO `orders` VALUES\s*(.*?);\n', lambda m: orders(m) + '\n', text, flags=re.S)
open(dst, 'w', encoding='utf-8').write(text)
