# Left: each check's ratio (circuit over switch - one flow, iperf -d, ping, flood ping - or with the other network busy over
# without) - the study's 1 with its tolerance band against the simulated mean and 95 % CI.
# Right: ping RTT against ping iteration through the switch and over a hand-made circuit
# (first replication).  Called by `hybridnet report` with datadir (checks.dat;
# switch-pingRtt.dat and circuit-pingRtt.dat: seq rtt) and outbase.
set datafile missing "NaN"
set grid ytics
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1100,480 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.5in,3.3in font ",9"; set output outbase.".pdf" }
  set multiplot layout 1,2 title "Circuit against packet switch: host and NIC model, both networks"
  set title "ratios (1 = the same)"
  set ylabel "ratio"
  set xrange [-0.6:6.6]
  set yrange [0.9:1.1]
  set xtics rotate by -25
  set key bottom left
  plot 0.97 with lines dt 2 lc rgb "#1f77b4" title "1 +- 3 % (throughput)", \
       1.03 with lines dt 2 lc rgb "#1f77b4" notitle, \
       0.95 with lines dt 3 lc rgb "#9467bd" title "1 +- 5 % (ping)", \
       1.05 with lines dt 3 lc rgb "#9467bd" notitle, \
       datadir."/checks.dat" using 1:6:7:8:xtic(2) with yerrorbars pt 7 ps 1.2 lc rgb "#d62728" title "simulated mean, 95 % CI"
  set title "ping RTT, one a second"
  set ylabel "RTT (us)"
  set xlabel "ping iteration"
  set xtics norotate
  set xrange [0:300]
  set yrange [0:350]
  set key top right
  plot datadir."/switch-pingRtt.dat" using 1:2 with linespoints pt 7 ps 0.4 lw 0.5 lc rgb "#1f77b4" title "through the switch", \
       datadir."/circuit-pingRtt.dat" using 1:2 with linespoints pt 6 ps 0.4 lw 0.5 lc rgb "#d62728" title "over the circuit"
  unset multiplot
}
