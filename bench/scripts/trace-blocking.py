#!/usr/bin/env python3
# trace-blocking.py PERF_DATA [MIN_MS=0.5]: from trace-blocking.sh output, the number and total time of the
# traced threads' blocking sleeps, the longest, and the kernel stacks of those >= MIN_MS grouped by stack.
import subprocess, sys, re, collections
data=sys.argv[1]; thr=float(sys.argv[2]) if len(sys.argv)>2 else 0.5  # ms
out=subprocess.run(['perf','script','-i',data,'-F','tid,time,event,trace,ip,sym'],capture_output=True,text=True).stdout
blocks=out.split('\n\n')
pending={}; durs=[]; stacks=collections.Counter(); big=[]
for b in blocks:
    lines=[l for l in b.strip().split('\n') if l.strip()]
    if not lines: continue
    h=lines[0]
    m=re.match(r'\s*(\d+)\s+([\d.]+):\s+sched:sched_switch:\s+(.*)',h)
    if not m: continue
    tid=int(m.group(1)); t=float(m.group(2)); tr=m.group(3)
    syms=[l.split()[-1] for l in lines[1:]]
    if 'prev_state=D' in tr:
        pending[tid]=(t,syms)
    else:
        nm=re.search(r'next_pid=(\d+)',tr)
        if nm:
            ntid=int(nm.group(1))
            if ntid in pending:
                t0,st=pending.pop(ntid); d=(t-t0)*1e3; durs.append(d)
                key=' < '.join(s for s in st[:12] if s not in('[unknown]',))
                if d>=thr: big.append((d,key))
durs.sort()
print('D-state sleeps:',len(durs),'total ms %.1f'%sum(durs), 'max ms %.2f'%(durs[-1] if durs else 0), '>=%.1fms:'%thr, len(big))
c=collections.Counter(); tot=collections.Counter()
for d,k in big: c[k]+=1; tot[k]+=d
for k,n in c.most_common(6): print('  %d x, %.1f ms total: %s'%(n,tot[k],k[:400]))
