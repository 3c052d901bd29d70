# One flow moved by the epd/pfd: its throughput each 100 ms (first replication) with the
# flow's start, the measured detection (about 4 s) and move (about 2 s later), and the
# simulated means.  Called by `hybridnet report` with datadir (checks.dat: rows detection,
# setup-and-move, offload; one-flow-throughput.dat: t flow1 flow2 total flow1Circuit) and outbase.
set grid
set xlabel "time (s)"
set ylabel "throughput (Mb/s)"
set xrange [0:15]
set yrange [0:1200]
set key bottom right
start = 1.0
stats datadir."/checks.dat" every ::0::0 using 6 nooutput
det = start + STATS_min
stats datadir."/checks.dat" every ::2::2 using 6 nooutput
off = start + STATS_min
set arrow 1 from start, graph 0 to start, graph 1 nohead lc rgb "#7f7f7f" dt 2
set arrow 2 from start + 4, graph 0 to start + 4, graph 1 nohead lc rgb "#1f77b4" dt 2
set arrow 3 from start + 6, graph 0 to start + 6, graph 1 nohead lc rgb "#1f77b4" dt 2
set arrow 4 from det, graph 0 to det, graph 1 nohead lc rgb "#d62728"
set arrow 5 from off, graph 0 to off, graph 1 nohead lc rgb "#d62728"
set label 1 "flow starts" at start + 0.1, graph 0.95
set label 2 "study: detected (4 s), moved (6 s)" at start + 4.1, graph 0.88 tc rgb "#1f77b4"
set label 3 "model means" at off + 0.1, graph 0.80 tc rgb "#d62728"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,450 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,3.2in font ",9"; set output outbase.".pdf" }
  set title "Automatic offload of one iperf flow: detection, circuit set-up, move, release"
  plot datadir."/one-flow-throughput.dat" using 1:2 with steps lw 2 lc rgb "#000000" title "flow 1 at the receiver (100 ms bins)", \
       datadir."/one-flow-throughput.dat" using 1:5 with steps lw 2 lc rgb "#d62728" title "flow 1 sent on the circuit NIC (IP packets, headers included)"
}
