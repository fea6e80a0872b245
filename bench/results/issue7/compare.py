# Compares interleaved JMH runs of EngineBenchmark: python3 compare.py jmh before-97def6b after-e9fdd09 3
# (reads jmh-<label>-run<i>.json; CPU µs/query = cpuNanos / queries; best iteration = least wall µs/op)
import json,statistics as st,sys
pre=sys.argv[1]; a=sys.argv[2]; b=sys.argv[3]; n=int(sys.argv[4])
def load(f):
    d={}
    for r in json.load(open(f)):
        k=(r['params']['algorithm'],r['params']['map'])
        sec=r['secondaryMetrics']
        d[k]=(r['primaryMetric']['score'], sec['cpuNanos']['score']/sec['queries']['score']/1000, min(x for fork in r['primaryMetric']['rawData'] for x in fork))
    return d
B=[load(f'{pre}-{a}-run{i}.json') for i in range(1,n+1)]
F=[load(f'{pre}-{b}-run{i}.json') for i in range(1,n+1)]
print("| algorithm | map | before: CPU µs/query per run | after: CPU µs/query per run | change of medians | best iteration (wall µs) before → after |")
print("|---|---|---|---|---:|---|")
for k in sorted(B[0], key=lambda k:(k[0], ['arena2','AR0011SR','Aftershock','8room_000'].index(k[1]))):
    bc=[x[k][1] for x in B]; fc=[x[k][1] for x in F]
    bm=st.median(bc); fm=st.median(fc)
    bmin=min(x[k][2] for x in B); fmin=min(x[k][2] for x in F)
    print(f"| {k[0]} | {k[1]} | {' / '.join(f'{x:.1f}' for x in bc)} | {' / '.join(f'{x:.1f}' for x in fc)} | {100*(fm-bm)/bm:+.1f}% | {bmin:.1f} → {fmin:.1f} ({100*(fmin-bmin)/bmin:+.1f}%) |")
