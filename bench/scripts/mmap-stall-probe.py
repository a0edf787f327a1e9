#!/usr/bin/env python3
# mmap-stall-probe.py FILE SECONDS PAGES_PER_SECOND: how long a write into a memory-mapped file can stall on this
# file system, without Java: each step touches one new 4 KiB page and rewrites a header page (like a journal
# appending and updating its header); prints p50/p99/p99.9/max of one step and how many took > 1 ms. The file is
# created (512 MiB, sparse) and deleted. Compare a disk path with /dev/shm. Busy-waits on one CPU: run it quiet.
import mmap, os, sys, time
path=sys.argv[1]; secs=float(sys.argv[2]); rate=int(sys.argv[3])  # pages per second
size=512<<20
fd=os.open(path, os.O_RDWR|os.O_CREAT|os.O_TRUNC, 0o644); os.ftruncate(fd,size)
m=mmap.mmap(fd,size)
pages=size//4096
lat=[]; t_end=time.perf_counter()+secs; i=0; period=1.0/rate; nxt=time.perf_counter()
while time.perf_counter()<t_end and i<pages-1:
    while time.perf_counter()<nxt: pass
    nxt+=period
    t0=time.perf_counter_ns()
    m[(i+1)*4096]=1       # first touch of a new page
    m[0]=(i&255)          # rewrite the header page
    m[64]=(i>>8)&255
    lat.append(time.perf_counter_ns()-t0); i+=1
lat.sort(); n=len(lat)
print(path, 'n',n,'p50us',lat[n//2]/1e3,'p99us',lat[int(n*.99)]/1e3,'p999us',lat[int(n*.999)]/1e3,'max ms',lat[-1]/1e6,'>1ms',sum(1 for x in lat if x>1e6))
m.close(); os.close(fd); os.unlink(path)
