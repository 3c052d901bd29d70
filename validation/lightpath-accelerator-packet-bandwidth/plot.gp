# Measured goodput ranges against simulated means (95 % CI) for each check: the GigE checks
# on the left, the loopback check (check 7, above 2 Gb/s) on its own scale on the right.
# Called by `hybridnet report` with datadir (checks.dat, <variant>-iperfIntervals.dat)
# and outbase (figure path without extension).
set datafile missing "NaN"
set style fill solid 0.25
set key bottom right
set grid ytics
set xtics rotate by -20
lo = 7
gige(c) = ($1 == lo) ? NaN : column(c)
loop(c) = ($1 == lo) ? column(c) : NaN
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 1000,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 7in,4in font ",9"; set output outbase.".pdf" }
  set multiplot title "Packet-switched GigE and loopback iperf: measured vs host and NIC model"
  set size 0.8,0.94
  set origin 0,0
  set ylabel "TCP goodput (Mb/s)"
  set xrange [-0.6:8.6]
  set yrange [400:1500]
  plot datadir."/checks.dat" using 1:(gige(3)):(gige(4)):(gige(5)):xtic(($1 == lo) ? "" : strcol(2)) with yerrorbars lw 2 lc rgb "#1f77b4" title "measured (min-peak, or first-principles value)", \
       datadir."/checks.dat" using 1:(gige(6)):(gige(7)):(gige(8)) with yerrorbars pt 7 ps 1.2 lc rgb "#d62728" title "simulated mean, 95 % CI"
  set size 0.2,0.94
  set origin 0.8,0
  unset ylabel
  set xrange [lo - 0.6:lo + 0.6]
  set yrange [2250:2350]
  plot datadir."/checks.dat" using 1:(loop(3)):(loop(4)):(loop(5)):xtic(($1 == lo) ? strcol(2) : "") with yerrorbars lw 2 lc rgb "#1f77b4" notitle, \
       datadir."/checks.dat" using 1:(loop(6)):(loop(7)):(loop(8)) with yerrorbars pt 7 ps 1.2 lc rgb "#d62728" notitle
  unset multiplot
}
