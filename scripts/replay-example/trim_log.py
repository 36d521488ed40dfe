#!/usr/bin/env python3
# scripts/replay-example/capture.sh: keeps a slice of a MariaDB slow log by whole entries: the banner, the first PER entries of
# each of the load's connections (writes dropped: the example replays read-only), and every
# entry of the extra connections (the session's). A "# Time:" line of a dropped entry moves
# to the next kept one.
import re, sys
src, dst, per = sys.argv[1], sys.argv[2], int(sys.argv[3])
load_threads = set(sys.argv[4].split(','))
lines = open(src, encoding='utf-8').read().split('\n')
banner, body = lines[:3], lines[3:]
entries, cur = [], None
for i, l in enumerate(body):
    starts = l.startswith('# Time:') or (l.startswith('# User@Host:') and not (cur and len(cur) == 1 and cur[0].startswith('# Time:')))
    if starts:
        cur = [l]; entries.append(cur)
    elif cur is not None:
        cur.append(l)
kept, taken, pending_time = [], {}, None
for e in entries:
    time = e[0] if e[0].startswith('# Time:') else None
    tid = re.search(r'Thread_id: (\d+)', '\n'.join(e)).group(1)
    sql = ' '.join(l for l in e if not l.startswith('#') and not l.startswith('use ') and not l.startswith('SET timestamp=')).strip()
    write = re.match(r'(UPDATE|INSERT|DELETE|REPLACE)\b', sql, re.I)
    keep = False
    if tid in load_threads:
        if not write and taken.get(tid, 0) < per:
            taken[tid] = taken.get(tid, 0) + 1; keep = True
    elif sql.upper().startswith('SELECT ID'):
        keep = True
    if keep:
        if time is None and pending_time is not None:
            e = [pending_time] + e
        pending_time = None
        kept.append(e)
    elif time is not None:
        pending_time = time
out = banner + [l for e in kept for l in e if l != '']
open(dst, 'w', encoding='utf-8').write('\n'.join(out) + '\n')
print(len(kept), 'entries', taken)
