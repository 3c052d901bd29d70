# Ping RTT against ping iteration (simulated, RngRun of the first replication) with the
# measured minimum, average and maximum.  Called by `hybridnet report` with datadir
# (<variant>-pingRtt.dat: seq rtt) and outbase.
set xlabel "ping iteration"
set ylabel "RTT (us)"
set yrange [0:350]
set xrange [0:300]
set key outside bottom center horizontal
set grid
set title "Ping RTT, packet-switched GigE: measured range vs host and NIC model"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot 302 with lines dt 2 lc rgb "#1f77b4" title "measured max 302", \
       186 with lines lw 2 lc rgb "#1f77b4" title "measured average 186", \
       71 with lines dt 2 lc rgb "#1f77b4" title "measured min 71", \
       datadir."/idle-pingRtt.dat" using 1:2 with linespoints pt 7 ps 0.5 lw 0.5 lc rgb "#d62728" title "model (free-running throttle)", \
       datadir."/restart-clock-pingRtt.dat" using 1:2 with lines lw 2 lc rgb "#2ca02c" title "model (restart throttle)", \
       datadir."/no-host-pingRtt.dat" using 1:2 with lines lw 2 lc rgb "#7f7f7f" title "no host model"
}
