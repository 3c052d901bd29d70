# Transatlantic iperf, standard TCP, 177 ms, 1 GbE: the one-second goodput reports of the
# model's three hosts - as documented (txqueuelen 1000, 22 MB buffers), with the queue
# raised to 10,000, and tuned (queue 10,000, 30 MB receive buffer) - beside the study's wire
# rate, the 1 GbE ceiling and the rate the 22 MB buffer's grown window allows. Called by
# `hybridnet report` with datadir (checks.dat: index label measured min max sim ci_low
# ci_high; <variant>-intervals.dat: time (s, the interval's end) goodput (Mb/s)) and outbase.
set datafile missing "NaN"
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,600 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7.2in,4.4in font ",9"; set output outbase.".pdf" }
  set title "Transatlantic iperf (177 ms, 1 GbE, standard TCP), Supermicro dual 2.9 GHz Xeons"
  set xlabel "time (s, end of each one-second report)"
  set ylabel "goodput (Mb/s)"
  set xrange [0:10.5]
  set yrange [0:1050]
  set key bottom right font ",9"
  plot 940 with lines lw 2 lc rgb "#1f77b4" title "study (measured): wire rate in the first 10 s", \
       941.48 with lines dt 2 lc rgb "#7f7f7f" title "1 GbE ceiling (first principles)", \
       745.76 with lines dt 3 lc rgb "#9467bd" title "16.5 MB window per 177 ms (Linux 2.6.6's grown window)", \
       datadir."/as-documented-intervals.dat" using 1:2 with linespoints pt 7 lw 1.5 lc rgb "#d62728" title "model: as documented (txqueuelen 1000, 22 MB)", \
       datadir."/txqueuelen-10000-intervals.dat" using 1:2 with linespoints pt 5 lw 1.5 lc rgb "#ff7f0e" title "model: txqueuelen 10000 (what-if)", \
       datadir."/tuned-intervals.dat" using 1:2 with linespoints pt 9 lw 1.5 lc rgb "#2ca02c" title "model: txqueuelen 10000, 30 MB receive buffer (what-if)"
}
