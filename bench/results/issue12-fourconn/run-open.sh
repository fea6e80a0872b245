#!/usr/bin/env bash
# open512 (no dead-end table: 1 tree cell in 241) with the 4-connected fast path, main's jar (BEFORE_JAR, built from
# `git archive main`) against this branch's, interleaved before / after / before / after under the benchmark lock.
set -euo pipefail
out=bench/results/issue12-fourconn
before=${BEFORE_JAR:?jar built from main}
after=bench/target/benchmarks.jar
flock /tmp/jmh.lock bash -c "
  for run in before1 after1 before2 after2; do
    case \$run in before*) jar=$before ;; *) jar=$after ;; esac
    echo \"open512 \$run start: \$(cut -d' ' -f1-3 /proc/loadavg) \$(date -u +%H:%M:%S)\" >> $out/load.txt
    java -jar \$jar FourConnectedBenchmark -p map=open512 -p algorithm=JPS -f 1 -rf json -rff $out/open512-\$run.json > $out/open512-\$run.txt
  done
  echo \"open512 end: \$(cut -d' ' -f1-3 /proc/loadavg) \$(date -u +%H:%M:%S)\" >> $out/load.txt
"
