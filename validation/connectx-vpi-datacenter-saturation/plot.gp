# ConnectX VPI data center at 50 times the assumed tier demands, think time 1 s: web
# interactions per second against the browser count for the inner tiers over 10 GbE, IPoIB
# and SDP, with the operational bounds N / (D + E[TT]) and 1 / D_max (README.md, bounds.py).
# Called by `hybridnet report` with datadir (<variant>-wipsOverTime.dat: time wips, the
# variant's first replication; its mean is the run's wips) and outbase. Browser counts not
# run at the report's level are left out.
set datafile missing "NaN"
D = 0.43868951714198406        # s, the demands' sum at demandScale 50 (bounds.py)
Dmax = 0.033780014586749525    # s, the database pool's per-processor demand (bounds.py)
ETT = 1.0 * (1 - exp(-10))     # s, the mean think time cut at 10 Z
configs = "tengig ipoib sdp"
titles = "'10 GbE inside' 'IPoIB inside' 'SDP inside'"
counts = "10 20 40 80 160 320"
have(f) = system("test -f '".f."' && echo 1 || echo 0") + 0
do for [c in configs] {
  eval "set print $".c
  do for [n in counts] {
    f = datadir."/".c."-n".n."-wipsOverTime.dat"
    if (have(f)) {
      stats f using 2 nooutput
      print sprintf("%s %.9g", n, STATS_mean)
    }
  }
  set print
}
set grid
set logscale x 2
set xrange [8:400]
set yrange [0:40]
set key bottom right font ",9"
set xlabel "emulated browsers N"
set ylabel "web interactions per second"
set title "What-if: tier demands x 50, think time 1 s (model, first replication; bounds)"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot x / (D + ETT) with lines dt 2 lc rgb "black" title "N / (D + E[TT])", \
       1 / Dmax with lines dt 3 lc rgb "black" title "1 / D_{max}", \
       $tengig using 1:2 with linespoints pt 7 ps 1.2 lc rgb "#1f77b4" title "10 GbE inside", \
       $ipoib using 1:2 with linespoints pt 5 ps 0.9 lc rgb "#ff7f0e" title "IPoIB inside", \
       $sdp using 1:2 with linespoints pt 9 ps 0.7 lc rgb "#2ca02c" title "SDP inside"
}
