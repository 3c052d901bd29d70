# Event-filter farm NIC tuning: every check's measured value (or range, or first-principles
# value) against the simulated mean with its 95 % CI. Top: rates in Mb/s; bottom: receive
# interrupts per second of the coalescing runs. Called by `hybridnet report` with datadir
# (checks.dat: index label measured min max sim ci_low ci_high) and outbase.
set datafile missing "NaN"
set grid ytics
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,900 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7in,6.4in font ",9"; set output outbase.".pdf" }
  set multiplot layout 2,1 title "netperf between 800 MHz and 1800 MHz PCs on one GigE cable: study vs host and NIC model"
  set ylabel "rate (Mb/s)"
  set yrange [500:1050]
  set xrange [-0.6:21.6]
  set xtics rotate by -35 font ",8"
  set key top left
  # Rows 17, 18 (interrupts per second) and 21 (CPU utilisation) have other units.
  rate(c) = (int($1) == 17 || int($1) == 18 || int($1) == 21) ? NaN : column(c)
  label(c) = (int($1) == 17 || int($1) == 18 || int($1) == 21) ? "" : strcol(c)
  plot datadir."/checks.dat" using 1:(rate(3)):(rate(4)):(rate(5)):xtic(label(2)) with yerrorbars lw 2 lc rgb "#1f77b4" title "study (range, value) or first principles", \
       datadir."/checks.dat" using 1:(rate(6)):(rate(7)):(rate(8)) with yerrorbars pt 7 ps 1.1 lc rgb "#d62728" title "model mean, 95 % CI"
  set ylabel "receive interrupts per second"
  set logscale y
  set yrange [300:100000]
  set xrange [16.4:18.6]
  set xtics norotate font ",9"
  set key top right
  plot datadir."/checks.dat" every ::17::18 using 1:3:xtic(2) with points pt 6 ps 2 lw 2 lc rgb "#1f77b4" title "first-principles bound (32 us) and value (1024 us)", \
       datadir."/checks.dat" every ::17::18 using 1:6 with points pt 7 ps 1.3 lc rgb "#d62728" title "model mean"
  unset logscale y
  unset multiplot
}
