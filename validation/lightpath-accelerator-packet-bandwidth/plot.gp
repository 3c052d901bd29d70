# Measured goodput ranges against simulated means (95 % CI) for each check.
# Called by `hybridnet report` with datadir (checks.dat, <variant>-iperfIntervals.dat)
# and outbase (figure path without extension).
set datafile missing "NaN"
set style fill solid 0.25
set ylabel "TCP goodput (Mb/s)"
set xrange [-0.6:6.6]
set yrange [400:1500]
set key bottom right
set grid ytics
set xtics rotate by -20
set title "Packet-switched GigE, one iperf flow: measured vs host and NIC model"
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot datadir."/checks.dat" using 1:3:4:5:xtic(2) with yerrorbars lw 2 lc rgb "#1f77b4" title "measured (min-peak, or first-principles value)", \
       datadir."/checks.dat" using 1:6:7:8 with yerrorbars pt 7 ps 1.2 lc rgb "#d62728" title "simulated mean, 95 % CI"
}
