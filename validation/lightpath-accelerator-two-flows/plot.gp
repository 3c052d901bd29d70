# Per-flow throughput over time of the two-flow experiment (node1 sends to node2 from
# t = 1 s and to node3 from t = 2 s, 30 s each), one panel per way of carrying flow 1:
# packet network only, a circuit made by hand, the epd/pfd (detection, set-up, move and
# release visible as steps).  Called by `hybridnet report` with datadir
# (<variant>-throughput.dat: t flow1 flow2 total, first replication) and outbase.
set grid
set xlabel "time (s)"
set ylabel "throughput (Mb/s)"
set yrange [0:2000]
set xrange [0:34]
set key top left horizontal
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1200,420 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 8in,2.8in font ",9"; set output outbase.".pdf" }
  set multiplot layout 1,3 title "Two flows from one sender (host and NIC model): per-flow throughput each second"
  do for [v in "packet static automatic"] {
    set title v
    plot datadir."/".v."-throughput.dat" using 1:2 with steps lw 2 lc rgb "#d62728" title "flow 1", \
         datadir."/".v."-throughput.dat" using 1:3 with steps lw 2 lc rgb "#1f77b4" title "flow 2", \
         datadir."/".v."-throughput.dat" using 1:4 with steps lw 1 dt 2 lc rgb "#000000" title "sum"
  }
  unset multiplot
}
