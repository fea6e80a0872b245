import json,sys
def load(f):
    out={}
    for b in json.load(open(f)):
        p=b.get('params',{})
        key=' '.join(p[k] for k in sorted(p))
        sec=b['secondaryMetrics']
        cpu=sec['cpuNanos']['score']/sec['queries']['score']/1000.0
        out[key]=(b['primaryMetric']['score'], b['primaryMetric']['scoreError'], cpu)
    return out
pre,aft=sys.argv[1],sys.argv[2]
tags=['before-1',aft+'-1','before-2',aft+'-2']
runs={t:load('%s-%s.json'%(pre,t)) for t in tags}
for k in runs['before-1']:
    b=[runs[t][k][2] for t in ['before-1','before-2']]; a=[runs[t][k][2] for t in [aft+'-1',aft+'-2']]
    print('|',k, '|', ' | '.join('%.1f ± %.1f / %.1f'%runs[t][k] for t in tags), '| %+.1f%% |'%(100*(sum(a)/sum(b)-1)))
