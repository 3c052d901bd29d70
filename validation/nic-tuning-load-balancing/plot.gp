# Load balancing in the event-filter farm: round robin against control tokens. Left: the
# latency CDFs with 4 of 16 nodes at half speed and with variable (exponential) processing
# times; middle: the longest node queue over time with the slow nodes; right: the events
# lost against the offered load with variable times. Called by `hybridnet report` with
# datadir (checks.dat; <variant>-latencyCdf.dat: latency fraction; <variant>-occupancy.dat:
# time sfcBuffered heldMean heldMax; <variant>-summary.dat: eventRate lossFraction
# latencyMean latencyP99 queueMean queueMax) and outbase.
set datafile missing "NaN"
rr = "#d62728"
tk = "#2ca02c"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1500,500 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 11in,3.7in font ",8"; set output outbase.".pdf" }
  set multiplot layout 1,3 title "One SFC, 16 PCs, 667 events/s of 100 kB: round robin (red) against control tokens (green)"
  set grid
  set key bottom right font ",8"
  set logscale x
  set xlabel "latency, entry into the SFC to decision (ms)"
  set ylabel "fraction of events"
  set yrange [0:1]
  set title "latency"
  plot datadir."/slow-rr-latencyCdf.dat" using 1:2 with lines lw 2 lc rgb rr title "4 nodes at half speed, round robin", \
       datadir."/slow-tokens-latencyCdf.dat" using 1:2 with lines lw 2 lc rgb tk title "4 nodes at half speed, tokens", \
       datadir."/variable-rr-latencyCdf.dat" using 1:2 with lines lw 2 dt 2 lc rgb rr title "exponential times, round robin", \
       datadir."/variable-tokens-latencyCdf.dat" using 1:2 with lines lw 2 dt 2 lc rgb tk title "exponential times, tokens"
  unset logscale x
  set xlabel "time (s)"
  set ylabel "events held by the fullest node"
  set yrange [0:11]
  set key top left
  set title "node queues, 4 nodes at half speed (limit 10)"
  plot datadir."/slow-rr-occupancy.dat" using 1:4 with steps lw 2 lc rgb rr title "round robin", \
       datadir."/slow-tokens-occupancy.dat" using 1:4 with steps lw 2 lc rgb tk title "tokens (2 credits)"
  set xlabel "offered events per second (the farm finishes 800 at most)"
  set ylabel "events lost (fraction of those sent)"
  set yrange [0:*]
  set xrange [500:900]
  set key top left
  set title "loss against offered load, exponential times"
  plot "< cat ".datadir."/load-550-rr-summary.dat ".datadir."/variable-rr-summary.dat ".datadir."/load-750-rr-summary.dat ".datadir."/load-850-rr-summary.dat" using 1:2 with linespoints lw 2 pt 7 lc rgb rr title "round robin", \
       "< cat ".datadir."/load-550-tokens-summary.dat ".datadir."/variable-tokens-summary.dat ".datadir."/load-750-tokens-summary.dat ".datadir."/load-850-tokens-summary.dat" using 1:2 with linespoints lw 2 pt 5 lc rgb tk title "tokens (2 credits)"
  unset multiplot
}
