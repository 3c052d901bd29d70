# Top: ping RTT against ping iteration (simulated, RngRun of the first replication) with
# the measured minimum, average and maximum.  Bottom: the model's flood ping (ping -f,
# 2000 requests; the study's flood numbers are not published).  Called by `hybridnet
# report` with datadir (<variant>-pingRtt.dat: seq rtt) and outbase.
set ylabel "RTT (us)"
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,6.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1
  set xlabel "ping iteration"
  set yrange [0:350]
  set xrange [0:300]
  set key outside bottom center horizontal
  set title "Ping RTT, one a second, packet-switched GigE: measured range vs host and NIC model"
  plot 302 with lines dt 2 lc rgb "#1f77b4" title "measured max 302", \
       186 with lines lw 2 lc rgb "#1f77b4" title "measured average 186", \
       71 with lines dt 2 lc rgb "#1f77b4" title "measured min 71", \
       datadir."/idle-pingRtt.dat" using 1:2 with linespoints pt 7 ps 0.5 lw 0.5 lc rgb "#d62728" title "model (free-running throttle)", \
       datadir."/restart-clock-pingRtt.dat" using 1:2 with lines lw 2 lc rgb "#2ca02c" title "model (restart throttle)", \
       datadir."/no-host-pingRtt.dat" using 1:2 with lines lw 2 lc rgb "#7f7f7f" title "no host model"
  set title "Flood ping (ping -f, 2000 requests), host and NIC model"
  set xrange [0:2000]
  set xlabel "ping iteration (sequence number)"
  plot datadir."/flood-pingRtt.dat" using 1:2 with points pt 7 ps 0.3 lc rgb "#d62728" title "model, flood"
  unset multiplot
}
